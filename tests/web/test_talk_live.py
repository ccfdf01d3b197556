"""Talk on the phone page changes in place (issues 17 and 20): a message from the opponent
appears in the conversation within 3 s, without a reload, while what the reader is typing in
the message box stays; their own message is then sent under the version the page now shows."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.web.conftest import Site

expect.set_options(timeout=15_000)


def test_a_message_appears_in_place_and_the_typed_one_stays(site: Site, browser: Browser) -> None:
    host_context, guest_context = browser.new_context(), browser.new_context()
    host, guest = host_context.new_page(), guest_context.new_page()
    try:
        host.goto(site.url + "/")
        host.fill("input[name=name]", "Ana")
        host.click("#invite-friend")
        guest.goto(host.locator("#invitation").input_value())
        guest.fill("input[name=name]", "Ben")
        guest.click("#accept")
        expect(host.locator("#table")).to_be_visible()
        expect(guest.locator("#table")).to_be_visible()

        guest.fill("#message", "half a thought")
        guest.evaluate("window.sameDocument = true")
        host.fill("#message", "Good luck, Ben")
        with host.expect_navigation():
            host.click("#say")
        expect(guest.locator("#conversation")).to_contain_text("Good luck, Ben", timeout=3_000)
        assert guest.evaluate("window.sameDocument"), "the page changed in place"
        expect(guest.locator("#message")).to_have_value("half a thought")

        guest.fill("#message", "Thanks, Ana")
        with guest.expect_navigation():
            guest.click("#say")
        expect(guest.locator("#error")).to_have_count(0)
        expect(host.locator("#conversation")).to_contain_text("Thanks, Ana", timeout=3_000)
        expect(guest.locator("#conversation li")).to_have_count(2)
    finally:
        host_context.close()
        guest_context.close()
