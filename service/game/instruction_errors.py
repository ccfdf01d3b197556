"""Why a standing instruction is refused: text that is none, a card it cannot name, one left
already or never left.  Each is an ``IllegalAction`` with a stable code, worded in the player's
language like every refusal."""

from __future__ import annotations

from service.rules.errors import N_, IllegalAction


class InstructionError(IllegalAction):
    """Text that is not a standing instruction; the message says what was expected."""

    code = "instruction_error"


class UnknownInstruction(InstructionError):
    code = "unknown_instruction"
    template = N_(
        "I don't know the instruction '{text}'. Instructions: pass unmeldable, never force, "
        "always force, take 7h [with 5h 6h] [discard ks]."
    )


class InstructionCardMissing(InstructionError):
    code = "instruction_card_missing"
    template = N_("Name a card after '{word}', for example: auto take 7h with 5h 6h discard ks.")


class InstructionNotACard(InstructionError):
    code = "instruction_not_a_card"
    template = N_("'{text}' is not a card: write the rank and then the suit, like 7h, jc or Q♠.")


class InstructionRepeatedCard(InstructionError):
    code = "instruction_repeated_card"
    template = N_("You named {card} twice in the instruction.")


class InstructionRepeatedWord(InstructionError):
    code = "instruction_repeated_word"
    template = N_("Write '{word}' once in the instruction.")


class InstructionOneCard(InstructionError):
    code = "instruction_one_card"
    template = N_("Name one card after '{word}'; you named {count}.")


class InstructionCardInHand(InstructionError):
    code = "instruction_card_in_hand"
    template = N_("{card} is in your hand already: an instruction can only take a card that comes.")


class InstructionStanding(InstructionError):
    code = "instruction_standing"
    template = N_("You left that instruction already: {text}.")


class NoSuchInstruction(InstructionError):
    code = "no_such_instruction"
    template = N_("You have no standing instruction '{text}' here; type auto to list yours.")


class NoInstructions(InstructionError):
    code = "no_instructions"
    template = N_("You have no standing instructions in this game.")
