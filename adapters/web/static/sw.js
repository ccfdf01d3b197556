// The service worker of turn notices: shows each Web Push message (the game, whose turn, the
// page's link; never a card) and opens the page when the notice is tapped.  Served from the
// site's root (/sw.js) so that its scope is the whole site.
"use strict";
self.addEventListener("push", function (event) {
  var notice = {};
  try { notice = event.data ? event.data.json() : {}; } catch (error) { notice = {}; }
  event.waitUntil(self.registration.showNotification(notice.title || "Conquian", {
    body: notice.body || "",
    tag: "game-" + (notice.game || ""),
    data: { url: notice.url || "/" }
  }));
});
self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var url = (event.notification.data && event.notification.data.url) || "/";
  event.waitUntil(self.clients.openWindow(url));
});
