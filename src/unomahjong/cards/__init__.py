"""UNO, the card game whose two decks UNO Mahjong is played with.

A separate game from the mahjong rule set named ``"uno"``: its rules are
:class:`CardRules` (the default game is ``CARDS``), a hand is a
:class:`CardState` dealt by :func:`start_hand`, and :func:`legal_actions`
and :func:`apply` play it. docs/cards.md states the rules.

    >>> from unomahjong.cards import CARDS, apply, legal_actions, start_hand
    >>> state, events = start_hand(CARDS, players=4, seed=1)
    >>> state.card_count(), len(state.hands[0])
    (108, 7)
"""

from .bots import CardBot, GreedyCardBot, RandomCardBot, UniformCardBot, play_cards
from .deck import COLOURS, Card, CardKind, card, deck, parse_cards
from .flow import HAND_SIZE, apply, legal_actions, playable, start_hand
from .log import CardReplay, log_lines, replay, seat_view
from .match import CardHandResult, CardMatchResult, play_card_match
from .rules import CARDS, CardRules
from .scores import hand_scores
from .simulation import CardSimulationInterrupted, CardSimulationReport, simulate_cards
from .state import CardAction, CardActionKind, CardEvent, CardPhase, CardState

__all__ = [
    "CARDS",
    "COLOURS",
    "HAND_SIZE",
    "Card",
    "CardAction",
    "CardActionKind",
    "CardBot",
    "CardEvent",
    "CardHandResult",
    "CardKind",
    "CardMatchResult",
    "CardPhase",
    "CardReplay",
    "CardRules",
    "CardSimulationInterrupted",
    "CardSimulationReport",
    "CardState",
    "GreedyCardBot",
    "RandomCardBot",
    "UniformCardBot",
    "apply",
    "card",
    "deck",
    "hand_scores",
    "legal_actions",
    "log_lines",
    "parse_cards",
    "play_card_match",
    "play_cards",
    "playable",
    "replay",
    "seat_view",
    "simulate_cards",
    "start_hand",
]
