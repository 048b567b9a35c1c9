"""How a hand of UNO cards is played: the deal, the legal actions of a seat
and the state after an action (docs/cards.md states the rules)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, Never

from .._checks import keywords_checked, quote, unknown_keywords, whole
from ..errors import CardError
from .deck import COLOURS, Card, CardKind, deck
from .rules import CARDS, MAX_PLAYERS, MIN_PLAYERS, CardRules, seed_of
from .scores import TEAM_PLAYERS, scores_of
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


def _answers(card: Card, top: Card, rules: CardRules) -> bool:
    """Whether ``card`` answers a pending penalty whose last card is ``top``:
    a Draw Two on a Draw Two and a Wild Draw Four on either (``stacking``),
    a plain Wild on a Draw Two (``wild_cancels_draw_two``), an All Draw
    Wild on anything (it cancels the penalty)."""
    kind = card.kind
    if kind is CardKind.ALL_DRAW_WILD:
        return True
    if kind is CardKind.WILD:
        return rules.wild_cancels_draw_two and top.kind is CardKind.DRAW_TWO
    if kind is CardKind.WILD_DRAW_FOUR:
        return rules.stacking
    return rules.stacking and kind is CardKind.DRAW_TWO and top.kind is CardKind.DRAW_TWO


def _can_play(state: CardState, card: Card) -> bool:
    if state.pending:
        return _answers(card, state.top, state.rules)
    return _playable(card, state.top, state.colour)


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
        self.pending = s.pending
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
        jumpers: tuple[int, ...] = (),
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
            jumpers=jumpers,
            pending=self.pending,
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
    if rules.teams and n not in TEAM_PLAYERS:
        raise CardError(
            "bad-players", f"teams play with 4, 6, 8 or 10 players (partners opposite), not {n}"
        )
    number = seed_of(seed)
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


def _plays(state: CardState, hand: Sequence[Card]) -> list[CardAction]:
    out: list[CardAction] = []
    several = state.rules.multiple_same and state.phase is CardPhase.PLAY
    for c in dict.fromkeys(hand):  # each distinct card once, in hand order
        if _can_play(state, c):
            out += _plays_of(c)
            if several and c.colour is not None:
                out += _several(c, hand)
    return out


def _several(first: Card, hand: Sequence[Card]) -> list[CardAction]:
    """``multiple_same``: ``first`` and more of its number or symbol from
    ``hand``, each set once: the cards between the first and the last in
    notation order (only the first's match and the last's colour matter),
    the last any of the set."""
    rest = list(hand)
    rest.remove(first)
    same = sorted((c for c in rest if c.colour is not None and c.symbol == first.symbol),
                  key=_order)  # fmt: skip
    out: list[CardAction] = []
    for chosen in _sub_multisets(same):
        for last in dict.fromkeys(chosen):
            middle = list(chosen)
            middle.remove(last)
            more = (*middle, last)
            out += [CardAction(_PLAY, first, None, uno, more=more) for uno in (False, True)]
    return out


def _order(c: Card) -> str:
    return c.notation


def _sub_multisets(cards: list[Card]) -> list[tuple[Card, ...]]:
    """Every non-empty sub-multiset of ``cards`` (sorted), each once, sorted."""
    found: dict[tuple[Card, ...], None] = {}
    for mask in range(1, 1 << len(cards)):
        found[tuple(c for i, c in enumerate(cards) if mask >> i & 1)] = None
    return list(found)


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
        return (*_plays(state, state.hands[s]), _DRAW)
    if phase is CardPhase.DRAWN:
        assert state.drawn is not None
        return (*_plays(state, (state.drawn,)), _KEEP)
    if phase is CardPhase.CHALLENGE:
        return _ANSWERS
    if phase is CardPhase.CATCH:
        assert state.catch is not None
        return (_catch_action(state.catch[0]), _PASS)
    if phase is CardPhase.JUMP:
        return (*_plays_of(state.top), _PASS)
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
    return phase is _PLAIN_ACTIONS.get(kind) or (
        phase is CardPhase.JUMP and kind is CardActionKind.PASS
    )


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
    if act.more:
        return _allows_several(state, seat, act)
    if state.phase is CardPhase.PLAY:
        held = c in state.hands[seat]
    elif state.phase is CardPhase.DRAWN:
        held = c is state.drawn
    elif state.phase is CardPhase.JUMP:
        return (
            c is state.top
            and c in state.hands[seat]
            and act.seat is None
            and (act.colour is None and type(act.uno) is bool)
        )
    else:
        return False
    return (
        held
        and isinstance(c, Card)
        and act.seat is None
        and type(act.uno) is bool
        and (act.colour in COLOURS if c.colour is None else act.colour is None)
        and _can_play(state, c)
    )


def _allows_several(state: CardState, seat: int, act: CardAction) -> bool:
    """A play of several cards, as :func:`_several` lists them."""
    c, more = act.card, act.more
    if not (state.rules.multiple_same and state.phase is CardPhase.PLAY):
        return False
    if not isinstance(c, Card) or c.colour is None or act.colour is not None:
        return False
    if act.seat is not None or type(act.uno) is not bool or not isinstance(more, tuple):
        return False
    if not all(isinstance(m, Card) and m.colour is not None and m.symbol == c.symbol for m in more):
        return False
    middle = [m.notation for m in more[:-1]]
    if middle != sorted(middle):
        return False
    hand = list(state.hands[seat])
    for m in (c, *more):
        if m not in hand:
            return False
        hand.remove(m)
    return _can_play(state, c)


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
        return _play(w, seat, act.card, act.colour, act.uno, act.more)
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
    if state.phase is CardPhase.JUMP:
        return _jump_pass(w)
    return _catch(w, seat, kind is CardActionKind.CATCH)


def _play(
    w: _Work, seat: int, card: Card, named: str | None, uno: bool, more: tuple[Card, ...] = ()
) -> tuple[CardState, tuple[CardEvent, ...]]:
    hand = w.hands[seat]
    before = w.colour
    guilty = card.kind is CardKind.WILD_DRAW_FOUR and any(c.colour == before for c in hand)
    played = (card, *more)
    for c in played:
        hand.remove(c)
        w.discards.append(c)
    last = played[-1]
    w.colour = named if last.colour is None else last.colour
    w.stalled = 0
    w.events.append(CardEvent("play", seat, played, colour=named))
    if uno:
        w.events.append(CardEvent("uno", seat))
    out = not hand
    wrong = (len(hand) == 1) != uno  # a missing call, or a false one
    nxt, four = _effect(w, seat, card, before, guilty, out, len(played))
    if out:
        if w.pending:  # the next player still draws the penalty
            w.draw(nxt, w.pending)
            w.pending = 0
            w.events.append(CardEvent("skip", nxt))
        return _end(w, seat)
    if w.s.rules.zero_passes_hands and card.number == 0:
        for _ in played:
            _pass_hands(w, seat)
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
            catch=(seat, wrong, tuple(order)),
            resume=(phase, nxt),
            four=four,
        ), tuple(w.events)
    return _go_on(w, seat, (phase, nxt), four)


def _go_on(
    w: _Work, seat: int, resume: tuple[CardPhase, int], four: tuple[int, str, bool] | None
) -> tuple[CardState, tuple[CardEvent, ...]]:
    """Play goes on after ``seat``'s play: first, under ``jump_in``, the
    seats holding a card identical to a coloured top card are asked in turn
    order (only on a turn with no penalty pending and nothing to answer)."""
    top = w.discards[-1]
    if w.s.rules.jump_in and resume[0] is CardPhase.PLAY and not w.pending and top.colour:
        holders = []
        other = w.next_seat(seat)
        while other != seat:
            if top in w.hands[other]:
                holders.append(other)
            other = w.next_seat(other)
        if holders:
            return w.state(
                CardPhase.JUMP, holders[0], resume=resume, jumpers=tuple(holders)
            ), tuple(w.events)
    return w.state(resume[0], resume[1], four=four), tuple(w.events)


def _effect(
    w: _Work, seat: int, card: Card, before: str | None, guilty: bool, out: bool, times: int = 1
) -> tuple[int, tuple[int, str, bool] | None]:
    """What ``card`` does (``times`` cards of its kind played at once, in
    order): the seat that plays next, and the Wild Draw Four awaiting its
    challenge, if any."""
    rules = w.s.rules
    nxt = w.next_seat(seat)
    kind = card.kind
    if kind is CardKind.SKIP or (kind is CardKind.REVERSE and w.s.players == 2):
        for _ in range(times):  # each card skips the next player still to play
            w.events.append(CardEvent("skip", nxt))
            nxt = w.next_seat(nxt)
        return nxt, None
    if kind is CardKind.REVERSE:
        for _ in range(times):
            w.direction = -w.direction
            w.events.append(CardEvent("reverse", seat))
        return w.next_seat(seat), None
    if kind is CardKind.DRAW_TWO:
        if (rules.stacking or rules.wild_cancels_draw_two) and not out:
            w.pending += 2 * times  # the next player answers or draws
            return nxt, None
        w.draw(nxt, 2 * times + w.pending)
        w.pending = 0
        w.events.append(CardEvent("skip", nxt))
        return w.next_seat(nxt), None
    if kind is CardKind.WILD_DRAW_FOUR:
        if rules.stacking or out:
            w.pending += 4  # no challenge: answered, or drawn
            return nxt, None
        assert before is not None
        return nxt, (seat, before, guilty)
    if kind is CardKind.WILD and w.pending:
        w.pending = 0  # a Draw Two cancelled
        w.events.append(CardEvent("cancel", seat))
    elif kind is CardKind.ALL_DRAW_WILD:
        if w.pending:
            w.pending = 0
            w.events.append(CardEvent("cancel", seat))
        other = w.next_seat(seat)
        while other != seat:
            w.draw(other, 1)
            other = w.next_seat(other)
        return seat, None  # another turn, on the named colour
    return nxt, None


def _pass_hands(w: _Work, seat: int) -> None:
    """Every hand to the next player in the direction of play."""
    n = w.s.players
    w.hands = [w.hands[(s - w.direction) % n] for s in range(n)]
    w.events.append(CardEvent("pass_hands", seat))


def _end(w: _Work, winner: int) -> tuple[CardState, tuple[CardEvent, ...]]:
    scores = scores_of(w.s.rules, w.hands, winner)
    w.events.append(CardEvent("out", winner))
    return w.state(CardPhase.ENDED, winner, winner=winner, scores=scores), tuple(w.events)


def _draw_turn(w: _Work, seat: int) -> tuple[CardState, tuple[CardEvent, ...]]:
    if w.pending:  # the penalty, and the turn is lost
        w.draw(seat, w.pending)
        w.pending = 0
        w.events.append(CardEvent("skip", seat))
        return w.state(CardPhase.PLAY, w.next_seat(seat)), tuple(w.events)
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
    caught, wrong, asked = window
    if not catching:
        rest = asked[1:]
        if rest:
            return w.state(
                CardPhase.CATCH,
                rest[0],
                catch=(caught, wrong, rest),
                resume=resume,
                four=w.s.four,
            ), tuple(w.events)
        return _go_on(w, caught, resume, w.s.four)
    w.events.append(CardEvent("catch", caught, other=seat))
    w.draw(caught if wrong else seat, 2)
    return _go_on(w, caught, resume, w.s.four)


def _jump_pass(w: _Work) -> tuple[CardState, tuple[CardEvent, ...]]:
    resume = w.s.resume
    assert resume is not None
    rest = w.s.jumpers[1:]
    if rest:
        return w.state(CardPhase.JUMP, rest[0], resume=resume, jumpers=rest), tuple(w.events)
    return w.state(resume[0], resume[1]), tuple(w.events)
