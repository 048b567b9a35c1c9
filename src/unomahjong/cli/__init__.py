"""The ``unomahjong`` command line: hands, fan tables and games.

Human-readable output by default, ``--json`` for machines (the JSON shapes
are a public contract, documented in docs/cli.md). Invalid input prints one
line on stderr, or under ``--json`` one JSON object
(``{"error", "message", "position"}``), and exits with status 2.

The command survives its environment (docs/cli.md#exit-status-and-environment):
output is UTF-8 whatever the locale; an error line goes to stderr only, and
nowhere when stderr is closed; output that cannot be written (stdout closed
or full) is one line and status 1; a reader that goes away (``| head``)
ends the command quietly; Ctrl-C is one line and status 130.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from .._checks import describe
from ..errors import MahjongError
from . import _botzone, _cards, _games, _hands, _io
from ._io import EXIT_INTERRUPTED as EXIT_INTERRUPTED
from ._io import EXIT_INVALID as EXIT_INVALID
from ._io import EXIT_OK as EXIT_OK
from ._io import EXIT_OUTPUT as EXIT_OUTPUT
from ._options import flags, in_flags, parse_args
from ._parser import MAX_ARGUMENT_LENGTH as MAX_ARGUMENT_LENGTH
from ._parser import MAX_ARGUMENTS as MAX_ARGUMENTS
from ._parser import build_parser as build_parser
from ._parser import too_long, wants_json

__all__ = ["main"]
"""The command line's Python surface is ``main``; its contract is the
commands' output (docs/cli.md), not the helpers that produce it."""

COMMANDS: dict[str, Callable[[argparse.Namespace], None]] = {
    "parse": _hands.cmd_parse,
    "waits": _hands.cmd_waits,
    "shanten": _hands.cmd_shanten,
    "discards": _hands.cmd_discards,
    "score": _hands.cmd_score,
    "render": _hands.cmd_render,
    "fans": _hands.cmd_fans,
    "audit": _hands.cmd_audit,
    "play": _games.cmd_play,
    "simulate": _games.cmd_simulate,
    "view": _games.cmd_view,
    "cards": _cards.cmd_cards,
    "botzone": _botzone.cmd_botzone,
}
"""Each command and the function that runs it."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (docs/cli.md): 0 done,
    1 the output could not be written, 2 invalid input, 130 interrupted."""
    prefix = "unomahjong"
    if argv is not None:
        given = argv
        try:
            argv = None if isinstance(given, (str, bytes)) else list(given)
        except TypeError:
            argv = None
        if argv is None or not all(isinstance(a, str) for a in argv):
            _io.err(f"{prefix}: the arguments are a list of str, not {describe(given)}")
            return EXIT_INVALID
    words = sys.argv[1:] if argv is None else argv
    as_json = wants_json(words)
    refused = too_long(words)
    if refused is not None:
        _io.failure(prefix, "too-long", refused, None, as_json=as_json)
        return EXIT_INVALID
    # No file name holds a NUL (the system cannot open one), and no shell
    # passes one: refused here, before any command opens a path.
    nul = next((i for i, a in enumerate(words, 1) if "\0" in a), None)
    if nul is not None:
        message = f"argument {nul} holds a NUL character, which no file name or argument can hold"
        _io.failure(prefix, "nul-character", message, None, as_json=as_json)
        return EXIT_INVALID
    try:
        parser = build_parser(json_errors=as_json)
        try:
            args = parse_args(parser, argv)
        except SystemExit as e:
            # argparse exits after --help and --version (0) and a usage error
            # (2, its message printed): the status is returned, as documented.
            _io.flush_stdout()
            return (
                e.code if isinstance(e.code, int) else EXIT_OK if e.code is None else EXIT_INVALID
            )
        sub = getattr(args, "cards_command", None) or getattr(args, "botzone_command", None)
        prefix = f"unomahjong {args.command}" + (f" {sub}" if sub else "")
        as_json = bool(getattr(args, "json", False))
        COMMANDS[args.command](args)
        _io.flush_stdout()
    except MahjongError as e:
        # The library names its keywords (rules='mcr'): say the options.
        message = in_flags(str(e), flags(parser))
        _io.failure(prefix, e.code, message, e.position, as_json=as_json)
        return EXIT_INVALID
    except _io.UsageError as e:
        _io.failure(prefix, e.code, str(e), None, as_json=as_json)
        return EXIT_INVALID
    except _io.Interrupted as e:
        _io.ignore_interrupts()
        try:
            _io.flush_stdout()
        except (BrokenPipeError, _io.OutputError):
            _io.silence_stdout()
        _io.failure(prefix, "interrupted", str(e), None, as_json=as_json)
        return EXIT_INTERRUPTED
    except KeyboardInterrupt:
        _io.ignore_interrupts()
        _io.failure(prefix, "interrupted", "interrupted", None, as_json=as_json)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, as Unix tools do.
        _io.silence_stdout()
        return EXIT_OK
    except _io.OutputError as e:
        _io.silence_stdout()
        _io.failure(
            prefix, "cannot-write-output", f"cannot write the output: {e}", None, as_json=as_json
        )
        return EXIT_OUTPUT
    finally:
        if argv is not None:  # called from Python, which goes on after it
            _io.listen_to_interrupts()
    return EXIT_OK


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
