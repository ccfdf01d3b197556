// Web Push for turn notices: registers the service worker (/sw.js, the whole site its scope),
// subscribes this browser with the service's VAPID key and posts the subscription to the
// page's address, or unsubscribes it.  The browser that holds the player's key (data-yours), once
// subscribed, posts its subscription again at each visit: making new links forgets every browser,
// and this is how the owner's own comes back.
// Without the Push API the buttons stay hidden.
(function () {
  "use strict";
  var section = document.getElementById("notices");
  if (section && window.location.hash === "#notices") section.open = true;  // back from a form
  var box = document.getElementById("push");
  if (!box) return;
  var subscribeButton = document.getElementById("push-subscribe");
  var unsubscribeButton = document.getElementById("push-unsubscribe");
  if (!("serviceWorker" in navigator) || !("PushManager" in window)) {
    document.getElementById("push-unsupported").hidden = false;
    return;
  }
  function bytes(base64url) {
    var text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"));
    var out = new Uint8Array(text.length);
    for (var i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
    return out;
  }
  function post(url, fields) {
    var form = new FormData();
    form.append("csrf_token", box.dataset.csrf);
    Object.keys(fields).forEach(function (name) { form.append(name, fields[name]); });
    return fetch(url, { method: "POST", body: form, credentials: "same-origin" });
  }
  function tell(subscription) {
    var keys = subscription.toJSON().keys;
    return post(box.dataset.on, {
      endpoint: subscription.endpoint, p256dh: keys.p256dh, auth: keys.auth
    });
  }
  function show(subscribed) {
    subscribeButton.hidden = subscribed;
    unsubscribeButton.hidden = !subscribed;
  }
  var registered = navigator.serviceWorker.register("/sw.js", { scope: "/" });
  registered.then(function (registration) {
    return registration.pushManager.getSubscription();
  }).then(function (subscription) {
    show(Boolean(subscription));
    if (subscription && box.dataset.yours) tell(subscription);
  })
    .catch(function () { document.getElementById("push-unsupported").hidden = false; });
  subscribeButton.addEventListener("click", function () {
    registered.then(function (registration) {
      return registration.pushManager.subscribe({
        userVisibleOnly: true, applicationServerKey: bytes(box.dataset.key)
      });
    }).then(function (subscription) {
      return tell(subscription).then(function (answer) {
        if (!answer.ok) throw new Error(String(answer.status));
      });
    }).then(function () { location.reload(); })
      .catch(function () { document.getElementById("push-unsupported").hidden = false; });
  });
  unsubscribeButton.addEventListener("click", function () {
    registered.then(function (registration) {
      return registration.pushManager.getSubscription();
    }).then(function (subscription) {
      if (!subscription) return null;
      return post(box.dataset.off, { endpoint: subscription.endpoint, from: "script" })
        .then(function () { return subscription.unsubscribe(); });
    }).then(function () { location.reload(); });
  });
})();
