"""How a hand of UNO cards is played: the deal, the legal actions of a seat
and the state after an action (docs/cards.md states the rules)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, Never

from .._checks import keywords_checked, quote, unknown_keywords, whole
from ..errors import CardError
from .deck import COLOURS, Card, CardKind, deck
from .rules import CARDS, MAX_PLAYERS, MIN_PLAYERS, CardRules
from .state import CardAction, CardActionKind, CardEvent, CardPhase, CardState

__all__ = ["HAND_SIZE", "apply", "legal_actions", "playable", "start_hand"]

HAND_SIZE: Final = 7
"""Cards dealt to each seat."""

_PLAY: Final = CardActionKind.PLAY
_DRAW_CARDS: Final = frozenset({CardKind.WILD_DRAW_FOUR, CardKind.ALL_DRAW_WILD})
"""Cards turned up first that go back into the pile (a draw for everyone)."""


def playable(card: Card, top: Card, colour: str | None, **unknown: Never) -> bool:
    """Whether ``card`` may be played on ``top`` with ``colour`` in force:
    a black card always; another when it has the colour in force, or the
    top card's number or symbol (a black top card matches by colour only)."""
    if unknown:
        raise unknown_keywords(playable, unknown)
    for name, value in (("card", card), ("top", top)):
        if not isinstance(value, Card):
            raise CardError("not-a-card", f"playable() takes a Card as {name}, not {quote(value)}")
    if colour is not None and colour not in COLOURS:
        raise CardError("bad-colour", f"a colour is r, y, g or b, not {quote(colour)}")
    return _playable(card, top, colour)


def _playable(card: Card, top: Card, colour: str | None) -> bool:
    if card.colour is None or colour is None or card.colour == colour:
        return True
    return top.colour is not None and card.symbol == top.symbol


class _Work:
    """A state being changed by one action: lists instead of tuples."""

    def __init__(self, s: CardState) -> None:
        self.s = s
        self.hands = [list(h) for h in s.hands]
        self.pile = list(s.draw_pile)
        self.discards = list(s.discards)
        self.colour: str | None = s.colour
        self.direction = s.direction
        self.reshuffles = s.reshuffles
        self.stalled = s.stalled
        # A reshuffle keeps the top card, and the card under it while a Wild
        # Draw Four may still be challenged (a guilty player takes it back).
        self.keep = 2 if s.four is not None else 1
        self.events: list[CardEvent] = []

    def next_seat(self, seat: int) -> int:
        return (seat + self.direction) % self.s.players

    def draw(self, seat: int, n: int) -> list[Card]:
        """Up to ``n`` cards into ``seat``'s hand, reshuffling the discards
        (less the top card) into the pile when it runs out."""
        got: list[Card] = []
        for _ in range(n):
            if not self.pile:
                self.reshuffle()
            if not self.pile:
                break
            got.append(self.pile.pop())
        self.hands[seat] += got
        if got:
            self.events.append(CardEvent("draw", seat, tuple(got)))
        return got

    def reshuffle(self) -> None:
        keep = self.keep
        if len(self.discards) <= keep:
            return
        rest = self.discards[:-keep]
        # Seeded by the hand's seed and the reshuffle's number: a replay
        # reshuffles exactly as the game did.
        random.Random(f"{self.s.seed}:{self.reshuffles}").shuffle(rest)
        self.pile = rest
        self.discards = self.discards[-keep:]
        self.reshuffles += 1
        self.events.append(CardEvent("reshuffle", -1))

    def state(
        self,
        phase: CardPhase,
        current: int,
        *,
        drawn: Card | None = None,
        four: tuple[int, str, bool] | None = None,
        catch: tuple[int, bool, tuple[int, ...]] | None = None,
        resume: tuple[CardPhase, int] | None = None,
        winner: int | None = None,
        scores: tuple[int, ...] | None = None,
    ) -> CardState:
        return CardState(
            self.s.rules,
            self.s.players,
            self.s.dealer,
            self.s.seed,
            tuple(map(tuple, self.hands)),
            tuple(self.pile),
            tuple(self.discards),
            self.colour,
            self.direction,
            current,
            phase,
            drawn=drawn,
            four=four,
            catch=catch,
            resume=resume,
            stalled=self.stalled,
            reshuffles=self.reshuffles,
            winner=winner,
            scores=scores,
        )


@keywords_checked
def start_hand(
    rules: CardRules = CARDS,
    *,
    players: int = 4,
    seed: int = 0,
    dealer: int | None = None,
) -> tuple[CardState, tuple[CardEvent, ...]]:
    """Deal a hand: the state awaiting its first decision, and the events
    of the deal. Without ``dealer``, the seats cut for it: each draws a card
    and the highest number deals (an action or black card counts 0; a tie
    cuts again among the tied). Then 7 cards each and the first card turned
    up, with its effect (docs/cards.md). ``seed`` (a whole number >= 0) fixes
    every shuffle of the hand."""
    if not isinstance(rules, CardRules):
        raise CardError("bad-rules", f"rules are CardRules, not {quote(rules)}")
    n = whole(players)
    if n is None or not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise CardError(
            "bad-players", f"{MIN_PLAYERS} to {MAX_PLAYERS} players play, not {quote(players)}"
        )
    number = whole(seed)
    if number is None or number < 0:
        raise CardError("bad-seed", f"a seed is a whole number >= 0, not {quote(seed)}")
    rng = random.Random(number)
    events: list[CardEvent] = []
    if dealer is None:
        first_dealer = _cut(rng, rules, n, events)
    else:
        d = whole(dealer)
        if d is None or not 0 <= d < n:
            raise CardError("bad-seat", f"the dealer is a seat 0-{n - 1}, not {quote(dealer)}")
        first_dealer = d
    cards = list(deck(rules.all_draw_wild))
    rng.shuffle(cards)
    hands: list[list[Card]] = [[] for _ in range(n)]
    for _ in range(HAND_SIZE):
        for k in range(1, n + 1):
            hands[(first_dealer + k) % n].append(cards.pop())
    events += [CardEvent("deal", s, tuple(hands[s])) for s in range(n)]
    top = cards.pop()
    while top.kind in _DRAW_CARDS:
        events.append(CardEvent("return", first_dealer, (top,)))
        cards.insert(rng.randrange(len(cards)), top)  # anywhere but on top
        top = cards.pop()
    events.append(CardEvent("turn_up", first_dealer, (top,)))
    base = CardState(
        rules, n, first_dealer, number, tuple(map(tuple, hands)), tuple(cards), (top,),
        top.colour or "", 1, (first_dealer + 1) % n, CardPhase.PLAY,
    )  # fmt: skip
    w = _Work(base)
    w.events = events
    first = (first_dealer + 1) % n
    if top.kind is CardKind.WILD:
        w.colour = None
        return w.state(CardPhase.COLOUR, first), tuple(w.events)
    if top.kind is CardKind.DRAW_TWO:
        w.draw(first, 2)
        w.events.append(CardEvent("skip", first))
        return w.state(CardPhase.PLAY, w.next_seat(first)), tuple(w.events)
    if top.kind is CardKind.SKIP:
        w.events.append(CardEvent("skip", first))
        return w.state(CardPhase.PLAY, w.next_seat(first)), tuple(w.events)
    if top.kind is CardKind.REVERSE:
        w.direction = -1
        w.events.append(CardEvent("reverse", first_dealer))
        return w.state(CardPhase.PLAY, first_dealer), tuple(w.events)
    return w.state(CardPhase.PLAY, first), tuple(w.events)


def _cut(rng: random.Random, rules: CardRules, n: int, events: list[CardEvent]) -> int:
    """The dealer, by cutting: each seat in play draws, the highest number
    deals, the tied cut again."""
    pile = list(deck(rules.all_draw_wild))
    rng.shuffle(pile)
    seats = list(range(n))
    while True:
        if len(pile) < len(seats):
            pile = list(deck(rules.all_draw_wild))
            rng.shuffle(pile)
        cut = {s: pile.pop() for s in seats}
        events += [CardEvent("cut", s, (c,)) for s, c in cut.items()]
        best = max(c.number or 0 for c in cut.values())
        seats = [s for s, c in cut.items() if (c.number or 0) == best]
        if len(seats) == 1:
            events.append(CardEvent("dealer", seats[0]))
            return seats[0]


_PLAYS_OF: dict[Card, tuple[CardAction, ...]] = {}
"""Each card's plays (a colour named for a black card; UNO called or not),
built once: cards are interned, so the listed actions are too."""


def _plays_of(c: Card) -> tuple[CardAction, ...]:
    hit = _PLAYS_OF.get(c)
    if hit is None:
        named = COLOURS if c.colour is None else (None,)
        hit = tuple(CardAction(_PLAY, c, n, uno) for n in named for uno in (False, True))
        _PLAYS_OF[c] = hit
    return hit


def _plays(hand: Sequence[Card], top: Card, colour: str | None) -> list[CardAction]:
    out: list[CardAction] = []
    for c in dict.fromkeys(hand):  # each distinct card once, in hand order
        if _playable(c, top, colour):
            out += _plays_of(c)
    return out


_DRAW: Final = CardAction(CardActionKind.DRAW)
_KEEP: Final = CardAction(CardActionKind.KEEP)
_ANSWERS: Final = (CardAction(CardActionKind.CHALLENGE), CardAction(CardActionKind.ACCEPT))
_PASS: Final = CardAction(CardActionKind.PASS)
_COLOURS: Final = tuple(CardAction(CardActionKind.COLOUR, colour=c) for c in COLOURS)
_CATCHES: dict[int, CardAction] = {}


def _catch_action(seat: int) -> CardAction:
    hit = _CATCHES.get(seat)
    if hit is None:
        hit = _CATCHES.setdefault(seat, CardAction(CardActionKind.CATCH, seat=seat))
    return hit


def legal_actions(state: CardState, seat: int, **unknown: Never) -> tuple[CardAction, ...]:
    """Every action ``seat`` may take now; empty when the state does not
    wait for it. A play is listed with and without an UNO call: calling it
    falsely is allowed, and costs 2 cards if caught."""
    if unknown:
        raise unknown_keywords(legal_actions, unknown)
    if not isinstance(state, CardState):
        raise CardError("not-a-state", f"legal_actions() takes a CardState, not {quote(state)}")
    s = whole(seat)
    if s is None or not 0 <= s < state.players:
        raise CardError("bad-seat", f"a seat is 0-{state.players - 1}, not {quote(seat)}")
    if s != state.current or state.phase is CardPhase.ENDED:
        return ()
    phase = state.phase
    if phase is CardPhase.PLAY:
        return (*_plays(state.hands[s], state.top, state.colour), _DRAW)
    if phase is CardPhase.DRAWN:
        assert state.drawn is not None
        return (*_plays((state.drawn,), state.top, state.colour), _KEEP)
    if phase is CardPhase.CHALLENGE:
        return _ANSWERS
    if phase is CardPhase.CATCH:
        assert state.catch is not None
        return (_catch_action(state.catch[0]), _PASS)
    return _COLOURS


def _allows(state: CardState, seat: object, act: CardAction) -> bool:
    """Whether ``act`` is among ``legal_actions(state, seat)``, decided
    without listing them (``apply`` asks it of every action)."""
    if not isinstance(state, CardState) or seat != state.current or type(seat) is not int:
        return False
    if act.kind is _PLAY:
        return _allows_play(state, seat, act)
    if act.card is not None or act.uno is not False:
        return False
    phase, kind = state.phase, act.kind
    if kind is CardActionKind.COLOUR:
        return phase is CardPhase.COLOUR and act.seat is None and act.colour in COLOURS
    if act.colour is not None:
        return False
    if kind is CardActionKind.CATCH:
        return phase is CardPhase.CATCH and state.catch is not None and act.seat == state.catch[0]
    if act.seat is not None:
        return False
    return phase is _PLAIN_ACTIONS.get(kind)


_PLAIN_ACTIONS: Final = {
    CardActionKind.DRAW: CardPhase.PLAY,
    CardActionKind.KEEP: CardPhase.DRAWN,
    CardActionKind.CHALLENGE: CardPhase.CHALLENGE,
    CardActionKind.ACCEPT: CardPhase.CHALLENGE,
    CardActionKind.PASS: CardPhase.CATCH,
}
"""The actions that name nothing, by the phase they are taken in."""


def _allows_play(state: CardState, seat: int, act: CardAction) -> bool:
    c = act.card
    if state.phase is CardPhase.PLAY:
        held = c in state.hands[seat]
    elif state.phase is CardPhase.DRAWN:
        held = c is state.drawn
    else:
        return False
    return (
        held
        and isinstance(c, Card)
        and act.seat is None
        and type(act.uno) is bool
        and (act.colour in COLOURS if c.colour is None else act.colour is None)
        and _playable(c, state.top, state.colour)
    )


def apply(
    state: CardState, seat: int, action: CardAction | str, **unknown: Never
) -> tuple[CardState, tuple[CardEvent, ...]]:
    """The state after ``seat`` takes ``action`` (a :class:`CardAction` or
    its text), and what happened. An action the seat may not take now is
    :class:`~unomahjong.CardError` (``illegal-action``, or ``not-your-turn``); the state
    is never changed."""
    if unknown:
        raise unknown_keywords(apply, unknown)
    act = CardAction.parse(action) if isinstance(action, str) else action
    if not isinstance(act, CardAction):
        raise CardError("not-an-action", f"apply() takes a CardAction, not {quote(action)}")
    if not _allows(state, seat, act):
        legal = legal_actions(state, seat)  # also checks the state and the seat
        if not legal:
            raise CardError(
                "not-your-turn",
                f"seat {seat} has nothing to do now: the hand waits for seat {state.current}"
                if not state.ended
                else "the hand is over",
            )
        raise CardError(
            "illegal-action",
            f"seat {seat} may not {act} now ({state.phase.value}; top {state.top},"
            f" colour {state.colour or 'to be named'})",
            hint="legal_actions(state, seat) lists what it may do",
        )
    w = _Work(state)
    kind = act.kind
    if kind is _PLAY:
        assert act.card is not None
        return _play(w, seat, act.card, act.colour, act.uno)
    if kind is CardActionKind.DRAW:
        return _draw_turn(w, seat)
    if kind is CardActionKind.KEEP:
        return w.state(CardPhase.PLAY, w.next_seat(seat)), tuple(w.events)
    if kind is CardActionKind.COLOUR:
        w.colour = act.colour
        w.events.append(CardEvent("colour", seat, colour=act.colour))
        return w.state(CardPhase.PLAY, seat), tuple(w.events)
    if kind in (CardActionKind.CHALLENGE, CardActionKind.ACCEPT):
        return _answer_four(w, seat, kind is CardActionKind.CHALLENGE)
    return _catch(w, seat, kind is CardActionKind.CATCH)


def _play(
    w: _Work, seat: int, card: Card, named: str | None, uno: bool
) -> tuple[CardState, tuple[CardEvent, ...]]:
    s = w.s
    hand = w.hands[seat]
    before = w.colour
    guilty = card.kind is CardKind.WILD_DRAW_FOUR and any(c.colour == before for c in hand)
    hand.remove(card)
    w.discards.append(card)
    w.colour = named if card.colour is None else card.colour
    w.stalled = 0
    w.events.append(CardEvent("play", seat, (card,), colour=named))
    if uno:
        w.events.append(CardEvent("uno", seat))
    out = not hand
    nxt = w.next_seat(seat)
    four: tuple[int, str, bool] | None = None
    kind = card.kind
    if kind is CardKind.SKIP or (kind is CardKind.REVERSE and s.players == 2):
        w.events.append(CardEvent("skip", nxt))
        nxt = w.next_seat(nxt)
    elif kind is CardKind.REVERSE:
        w.direction = -w.direction
        w.events.append(CardEvent("reverse", seat))
        nxt = w.next_seat(seat)
    elif kind is CardKind.DRAW_TWO:
        w.draw(nxt, 2)
        w.events.append(CardEvent("skip", nxt))
        nxt = w.next_seat(nxt)
    elif kind is CardKind.WILD_DRAW_FOUR:
        if out:  # the last card: the next player draws, no challenge
            w.draw(nxt, 4)
            w.events.append(CardEvent("skip", nxt))
        else:
            assert before is not None
            four = (seat, before, guilty)
    elif kind is CardKind.ALL_DRAW_WILD:
        other = w.next_seat(seat)
        while other != seat:
            w.draw(other, 1)
            other = w.next_seat(other)
        nxt = seat  # another turn, on the named colour
    if out:
        return _end(w, seat)
    phase = CardPhase.CHALLENGE if four is not None else CardPhase.PLAY
    if len(hand) == 1 or uno:
        order = []
        other = w.next_seat(seat)
        while other != seat:
            order.append(other)
            other = w.next_seat(other)
        return w.state(
            CardPhase.CATCH,
            order[0],
            catch=(seat, uno, tuple(order)),
            resume=(phase, nxt),
            four=four,
        ), tuple(w.events)
    return w.state(phase, nxt, four=four), tuple(w.events)


def _end(w: _Work, winner: int) -> tuple[CardState, tuple[CardEvent, ...]]:
    points = sum(c.points for s, h in enumerate(w.hands) if s != winner for c in h)
    scores = tuple(points if s == winner else 0 for s in range(w.s.players))
    w.events.append(CardEvent("out", winner))
    return w.state(CardPhase.ENDED, winner, winner=winner, scores=scores), tuple(w.events)


def _draw_turn(w: _Work, seat: int) -> tuple[CardState, tuple[CardEvent, ...]]:
    got = w.draw(seat, 1)
    if not got:
        w.stalled += 1
        w.events.append(CardEvent("no_card", seat))
        if w.stalled >= w.s.players:
            w.events.append(CardEvent("no_winner", seat))
            scores = (0,) * w.s.players
            return w.state(CardPhase.ENDED, seat, scores=scores), tuple(w.events)
        return w.state(CardPhase.PLAY, w.next_seat(seat)), tuple(w.events)
    w.stalled = 0
    if _playable(got[0], w.discards[-1], w.colour):
        return w.state(CardPhase.DRAWN, seat, drawn=got[0]), tuple(w.events)
    return w.state(CardPhase.PLAY, w.next_seat(seat)), tuple(w.events)


def _answer_four(w: _Work, seat: int, challenge: bool) -> tuple[CardState, tuple[CardEvent, ...]]:
    four = w.s.four
    assert four is not None
    player, before, guilty = four
    w.keep = 1  # the challenge is settled
    if not challenge:
        w.events.append(CardEvent("accept", seat))
        w.draw(seat, 4)
        w.events.append(CardEvent("skip", seat))
        return w.state(CardPhase.PLAY, w.next_seat(seat)), tuple(w.events)
    w.events.append(CardEvent("challenge", seat, other=player))
    # The challenged hand is shown to the challenger alone.
    w.events.append(CardEvent("show", player, tuple(w.hands[player]), other=seat))
    if guilty:
        w.hands[player].append(w.discards.pop())
        w.colour = before
        w.events.append(CardEvent("guilty", player))
        w.draw(player, 4)
        return w.state(CardPhase.PLAY, seat), tuple(w.events)
    w.events.append(CardEvent("innocent", player))
    w.draw(seat, 6)
    w.events.append(CardEvent("skip", seat))
    return w.state(CardPhase.PLAY, w.next_seat(seat)), tuple(w.events)


def _catch(w: _Work, seat: int, catching: bool) -> tuple[CardState, tuple[CardEvent, ...]]:
    window = w.s.catch
    resume = w.s.resume
    assert window is not None and resume is not None
    caught, called, asked = window
    if not catching:
        rest = asked[1:]
        if rest:
            return w.state(
                CardPhase.CATCH,
                rest[0],
                catch=(caught, called, rest),
                resume=resume,
                four=w.s.four,
            ), tuple(w.events)
        return w.state(resume[0], resume[1], four=w.s.four), tuple(w.events)
    missed = len(w.hands[caught]) == 1 and not called
    false_call = called and len(w.hands[caught]) != 1
    w.events.append(CardEvent("catch", caught, other=seat))
    w.draw(caught if missed or false_call else seat, 2)
    return w.state(resume[0], resume[1], four=w.s.four), tuple(w.events)
