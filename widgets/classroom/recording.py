"""Recording a joined student's work from what this kernel checked itself.

A :class:`Recorder` listens to a game table (``GameTable.listeners``) or an exercise
widget (``ExerciseWidget.listeners``). It counts what the kernel saw happen (moves refused
by a rule, hints and coach opened, wrong tries by rule) and, when the kernel itself ends
a deal or judges an exercise solved, writes one record to the class store: nothing the
browser reports is ever taken as a result. A deal not ended yet is recorded quietly as
``playing`` (at its first move, then at most every ``deals.PLAYING_S``, and at each refused
move, hint and coach use) and as ``gave up`` when another deal replaces it; its counts go
on from the store's ``playing`` record after a kernel restart (issue 26.8). Without a
joined student there is no recorder, so nothing is recorded. A store that fails gives a
plain line through ``say`` and the game goes on; the refused record is kept in the kernel
and, sealed, in the browser (``sealing.py``), and sent again at the widget's next events or
by the browser's next page until the store takes it (its uid: kept once).
"""

from __future__ import annotations

import json
import logging
import time
from collections import Counter
from collections.abc import Callable
from datetime import UTC
from typing import TYPE_CHECKING, Any

from cardschool.engine.messages import Message, message, render

from .api_messages import API  # noqa: F401 (a record this page could not send)
from .deals import DealWatch, deal_record
from .record_messages import RECORDS  # noqa: F401 (registers the sentences used here)
from .sealing import OTHERS, seal, secret_for, unseal

if TYPE_CHECKING:  # an annotation only: a class server's client records too
    from .store import ClassStore
from .basics import Member, StoreError
from .record_in import RecordIn

__all__ = ["Recorder", "deal_record"]

log = logging.getLogger(__name__)

RETRY_S = 2.0
"""How often, at most, records the store refused are sent again (at the widget's events)."""


def _checked_and_refused(error: StoreError) -> bool:
    """True when a class server checked the record and refused it (never a failure to keep
    it: the record is dropped, not sent again)."""
    from .client import ServerRefused  # no HTTP client unless a server records

    return isinstance(error, ServerRefused)


def _attempts(widget: Any, ident: str) -> tuple[Any, ...]:
    """The tries ``widget`` judged of exercise ``ident`` so far, in order."""
    return tuple(getattr(widget, "attempts", {}).get(ident, ()))


class Recorder:
    """Writes one student's finished deals and exercises to the class store."""

    def __init__(
        self, store: ClassStore, member: Member, say: Callable[[str], None] = log.info
    ) -> None:
        self.store = store
        self.member = member
        self.say = say
        """Where a line for the student goes ("Recorded", or why not)."""
        self.kept = 0
        """How many records this recorder has written."""
        self.pending: list[tuple[RecordIn, Message]] = []
        """Records the store refused (down, read-only), sent again later, oldest first."""
        self._tried = 0.0
        self._quiet_failed = -RETRY_S
        self._to_browser: Callable[[dict[str, Any]], None] | None = None
        """How a sealed record goes to the browser to keep (the widget's ``send``), or None."""
        self._why: Message | None = None

    def _keep(self, record: RecordIn, what: Message) -> None:
        self.send_pending(at_once=True)
        if self.pending:  # the store is still refusing: this one waits behind the others
            self._wait(record, what, self._why)
            return
        try:
            self._send(record)
        except StoreError as error:
            log.warning("a class record was not kept: %s", error)
            if _checked_and_refused(error):  # sent again, it would be refused again
                self.say(self.words(error.said))
                return
            self._wait(record, what, error.said)
            return
        self.kept += 1
        self.say(self.words(message("classroom:record.kept", what=what, name=self.member.name)))

    def _send(self, record: RecordIn) -> None:
        """Give ``record`` to the store; any failure of its own (not the store's refusal: a
        fault in this page's Python) is a StoreError too, so the record is kept to be sent
        again, never lost without a word."""
        try:
            self.store.record(self.member, record)
        except StoreError:
            raise
        except Exception as fault:
            log.exception("a class record could not be sent")
            raise StoreError(message("classroom:api.unchecked")) from fault

    def words(self, said: Message) -> str:
        """A sentence for the student in words (the one place this recorder renders one)."""
        return render(said)

    def quietly(self, record: RecordIn) -> None:
        """Keep a record of work not ended (a deal playing or given up, an exercise's tries)
        without a word; one the store refuses is dropped (the next one carries its counts)."""
        if self.pending or time.monotonic() - self._quiet_failed < RETRY_S:
            return  # the store is refusing: no wait on it at every click
        try:
            self._send(record)
        except StoreError as error:
            self._quiet_failed = time.monotonic()
            log.warning("a class record of work in progress was not kept: %s", error)

    def kept_record(self, kind: str, target: str) -> Any:
        """The store's record of this student's work ``kind``/``target`` (None: none, or the
        store cannot say)."""
        try:
            return self.store.kept_record(self.member, kind, target)
        except StoreError as error:
            log.warning("the class records could not be read: %s", error)
            return None

    def _wait(self, record: RecordIn, what: Message, why: Message | None) -> None:
        """Keep a refused record to send again (here, and sealed in the browser), and say so."""
        self.pending.append((record, what))
        secret = self._secret()
        if secret is not None:  # else kept by this kernel only
            self._tell_browser({"keep-record": seal(record, self.member, secret)})
        self._why = why
        self.say(self.words(message("classroom:record.waiting", what=what, why=why)))

    def _secret(self) -> bytes | None:
        """The server's sealing secret; None (logged) when its file can be neither made nor
        read: then no record goes to the browser, and none is taken back from it."""
        try:
            return secret_for(self.store.where())
        except (OSError, RuntimeError):
            log.exception("the class records' sealing secret is not available")
            return None

    def _tell_browser(self, content: dict[str, Any]) -> None:
        """Send the browser a record to keep or to drop (a widget that cannot: nothing)."""
        if self._to_browser is not None:
            try:
                self._to_browser(content)
            except Exception:  # a closed comm: the kernel's own copy is still pending
                log.exception("a class record could not go to the browser")

    def take_back(self, entries: object) -> None:
        """The records the browser kept (sealed) when the store refused them: each one whose
        seal holds for this student waits to be sent again; the others are dropped, and so
        is one the store holds already, or holds a newer record of the same work of."""
        given = entries if isinstance(entries, list) else []
        secret = self._secret() if given else None
        for entry in given if secret is not None else []:  # no secret: left in the browser
            back = unseal(entry, self.member, secret)
            uid = entry.get("uid") if isinstance(entry, dict) else None
            if back == OTHERS:  # another student's, on a shared browser: theirs to send
                continue
            if not isinstance(back, tuple):  # forged, changed or unreadable
                if isinstance(uid, str):
                    self._tell_browser({"drop-record": uid})
                continue
            record, sealed = back
            kept = self.kept_record(record.kind, record.target)
            if kept is not None and kept.finished.replace(tzinfo=UTC) >= sealed:
                self._tell_browser({"drop-record": record.uid})  # kept, or a newer one
                continue
            if all(record.uid != waiting.uid for waiting, _what in self.pending):
                self.pending.append((record, message("classroom:record.what-kept")))
        self.send_pending(at_once=True)

    def send_pending(self, *, at_once: bool = False) -> None:
        """Send again the records the store refused, oldest first (a record is kept once, by
        its uid); tried at most every :data:`RETRY_S` unless ``at_once``."""
        if not self.pending or (not at_once and time.monotonic() - self._tried < RETRY_S):
            return
        self._tried = time.monotonic()
        while self.pending:
            record, what = self.pending[0]
            try:
                self._send(record)
            except StoreError as error:
                if not _checked_and_refused(error):
                    self._why = error.said
                    return
                log.warning("a class record sent again was refused: %s", error)
                self.pending.pop(0)
                self._tell_browser({"drop-record": record.uid})
                self.say(self.words(error.said))
                continue
            self.pending.pop(0)
            self._tell_browser({"drop-record": record.uid})  # the browser's copy is done with
            self.kept += 1
            said = message("classroom:record.sent", what=what, name=self.member.name)
            self.say(self.words(said))

    def watch_table(self, table: Any) -> None:
        """Record every deal the kernel ends at ``table`` (a GameTable), and the work on a deal
        not ended yet (``playing``; ``gave up`` when a new deal replaces it: issue 26.8)."""
        deal = DealWatch(self, table)
        self._to_browser = getattr(table, "send", None)

        def listen(event: str, detail: Any) -> None:
            self.send_pending()  # the store may be back (issue 26.7)
            if event == "session":
                if deal.in_progress() and not deal.goes_on_in(detail):
                    deal.note("gave up")  # an unfinished deal replaced by another
                deal.began(detail)
            elif event == "refused" and detail:
                deal.counts[detail] += 1  # a move refused by this rule id
                deal.note()
            elif event in deal.used:
                deal.used[event] += 1
                deal.note()
            elif event == "finished":
                record = deal.record()
                deal.began(table.session, carry=False)
                deal.ended = True  # the rest of a match is not in progress (recorded)
                word = table.session.spec.word("deal")
                self._keep(record, message("classroom:record.what-deal", deal=word))

        table.listeners.append(listen)
        if callable(getattr(table, "observe", None)):  # each redraw: moves played since?
            table.observe(lambda _change: deal.note(moves_only=True), names="state")

    def watch_exercises(self, widget: Any) -> None:
        """Record every exercise the kernel judges done in ``widget`` (an ExerciseWidget).

        Wrong tries are counted per exercise (Back and Next never start them again), and
        what the store judged before (an answer shown, on another page or before a reload)
        is told to the widget: its stars come from the store's judgement, not the browser's.
        """
        self._to_browser = getattr(widget, "send", None)
        counts: dict[str, Counter[str]] = {}
        hints: Counter[str] = Counter()
        started: dict[str, float] = {}
        counts.update(self._judged_before(widget))  # wrong tries kept before a reload

        def listen(event: str, detail: Any) -> None:
            self.send_pending()  # the store may be back (issue 26.7)
            ident = widget.exercise.id
            started.setdefault(ident, time.monotonic())
            tries = counts.setdefault(ident, Counter())
            if event == "wrong" and detail:
                tries[detail] += 1
                self._note_tries(widget, ident, tries)
            elif event == "hint":
                hints[ident] += 1
            elif event == "done":
                record = RecordIn(
                    kind="exercises",
                    target=f"{widget.file}#{ident}"[:200],
                    result="solved" if detail else "shown",
                    stars=int(detail),
                    seconds=round(time.monotonic() - started.pop(ident)),
                    illegal=dict(tries),
                    hints=hints.pop(ident, 0),
                    tries=_attempts(widget, ident),
                )
                counts.pop(ident, None)
                self._keep(
                    record, message("classroom:record.what-exercise", number=widget.index + 1)
                )

        widget.listeners.append(listen)

    def _note_tries(self, widget: Any, ident: str, tries: Counter[str]) -> None:
        """Keep an exercise's wrong tries in the store before it is judged (result ``tried``),
        so a reload goes on from them; quietly, and never in place of a judged record."""
        record = RecordIn(
            kind="exercises",
            target=f"{widget.file}#{ident}"[:200],
            result="tried",
            illegal=dict(tries),
            tries=_attempts(widget, ident),
        )
        self.quietly(record)  # if refused, the judged record carries the tries when it comes

    def _judged_before(self, widget: Any) -> dict[str, Counter[str]]:
        """Tell ``widget`` what the store holds of its exercises: wrong tries not judged yet
        and answers shown (no star then), so neither starts again after a reload; the tries
        not judged yet, by rule, per exercise id."""
        prefix = f"{widget.file}#"
        try:
            rows = self.store.own_records(self.member)
        except StoreError as error:
            log.warning("the class records could not be read: %s", error)
            return {}
        tries: dict[str, Counter[str]] = {}
        shown: set[str] = set()
        for row in rows:
            if row.kind != "exercises" or not row.target.startswith(prefix):
                continue
            ident = row.target[len(prefix) :]
            if row.result == "shown":
                shown.add(ident)
            elif row.result == "tried":
                tries[ident] = Counter(json.loads(row.illegal or "{}"))
        widget.carry_over({ident: tries[ident].total() for ident in tries}, shown)
        return tries
