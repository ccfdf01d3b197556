"""Why talk at the table is refused (``talk_rules``): the same ``IllegalAction`` base as the
rules', so every channel words these refusals as it words the others."""

from __future__ import annotations

from service.rules.errors import N_, IllegalAction


class MessageEmpty(IllegalAction):
    code = "message_empty"
    template = N_("A message needs some words.")


class MessageTooLong(IllegalAction):
    code = "message_too_long"
    template = N_("A message has at most {limit} characters; yours has {length}.")


class MessageHasLink(IllegalAction):
    code = "message_has_link"
    template = N_("Messages cannot carry links or web addresses.")


class MessageHasCards(IllegalAction):
    code = "message_has_cards"
    template = N_("Messages cannot carry suit or card symbols: write the cards in words.")


class TooManyMessages(IllegalAction):
    code = "too_many_messages"
    template = N_("You have written {count} messages in {minutes} minutes: wait a little.")


class NoOfferStanding(IllegalAction):
    code = "no_offer_standing"
    template = N_("There is no offer to answer: it was withdrawn, answered or it lapsed.")


class OfferStanding(IllegalAction):
    code = "offer_standing"
    template = N_("An offer is already waiting for its answer; one offer at a time.")


class OwnOffer(IllegalAction):
    code = "own_offer"
    template = N_("This is your own offer: your opponent answers it (or you withdraw it).")


class NoOwnOffer(IllegalAction):
    code = "no_own_offer"
    template = N_("You have no offer waiting to withdraw.")


class NotInPlay(IllegalAction):
    code = "offer_not_in_play"
    template = N_("A draw or an adjournment is offered only while the match is being played.")


class BotOffer(IllegalAction):
    code = "offer_to_bot"
    template = N_("The bot does not take offers: play on, or resign.")


class NoSuchMessage(IllegalAction):
    code = "no_such_message"
    template = N_("There is no message of your opponent's to report.")


class NothingChanged(IllegalAction):
    code = "talk_unchanged"
    template = N_("That is so already: nothing changed.")
