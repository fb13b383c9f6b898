"""The English words of the class pages' own sentences (the ``classroom`` catalog).

Each entry is a whole sentence keyed by its message id (see ``cardschool.engine.messages``).
"""

from __future__ import annotations

from cardschool.engine.messages import Catalog, Plural, register

__all__ = ["CLASSROOM"]

CLASSROOM = register(
    Catalog(
        "classroom",
        {
            "classroom:join-how": (
                "Type the class code your teacher gave you and your name, then press Join. "
                "This browser remembers that you joined, so next time the page opens with your "
                "class. Your assignments appear below: follow a link to open the deal on its "
                "practice page or the exercises in their lesson, or press its button to do it "
                "on this page. Once you have joined, every deal you finish and every exercise "
                "you solve in this browser is recorded for your teacher, on the practice pages "
                "and in the lessons too."
            ),
            "classroom:join-leave": (
                "On a shared computer, press Leave this class on this browser when you are done."
            ),
            "classroom:db-vanished": (
                "The class database file {path} was removed while the server was running, so "
                "nothing more is recorded: ask whoever runs the server to put it back and "
                "restart the server. A new empty database was not made in its place."
            ),
            "classroom:db-vanished-rescued": (
                "The class database file {path} was removed while the server was running, so "
                "nothing more is recorded. What this server still saw of it is kept in {copy}: "
                "ask whoever runs the server to put that copy back as {path} and restart the "
                "server. A new empty database was not made in its place."
            ),
            "classroom:db-missing-wal": (
                "The class database file {path} is missing but its journal {wal} still holds "
                "records, so a new empty database was not made (that would throw them away): "
                "ask whoever runs the server to put the file back."
            ),
            "classroom:db-missing-rescued": (
                "The class database file {path} is missing and a copy of it was rescued as "
                "{copy}, so a new empty database was not made: ask whoever runs the server to "
                "put that copy back as {path}."
            ),
            "classroom:name.format": (
                "this name holds direction or other formatting characters, which would turn "
                "the class's lines around: type it again without them"
            ),
            "classroom:name.mixed": (
                "the letter {letter} in this name is from another alphabet than its other "
                "letters, so the name could pass for someone else's: type it in one alphabet"
            ),
            "classroom:name.taken": (
                "Someone in this class is already called {name}, which reads the same: pick "
                "another name, or ask your teacher for a rejoin code if it is you."
            ),
            "classroom:name.held": (
                "Someone who joined this class with its class code is already called {name}: "
                "ask your teacher to rename them, then join again."
            ),
            "classroom:name.hub-only": (
                "{name} joined through the hub: they sign in on the hub to come back, not with "
                "a rejoin code."
            ),
            "classroom:rejoin.given": (
                "{name} can join again with the class code, their name and the rejoin code "
                "{code} (it works once; their other browsers stop recording)."
            ),
            "classroom:rejoin.wrong": (
                "That rejoin code is not the one your teacher made for {name}: ask for a new one."
            ),
            "classroom:rejoin.label": "Rejoin code, if your teacher gave you one:",
            "classroom:rejoin.button": "Let in again",
            "classroom:left": (
                "You left the class on this browser; nothing more is recorded. To come back "
                "under your name, ask your teacher for a rejoin code."
            ),
            "classroom:left.hub": (
                "You left the class on this browser; nothing more is recorded. To come back, "
                "join again on the class page: the hub says who you are, no code is needed."
            ),
            "classroom:left.rejoin": (
                "You left the class on this browser; nothing more is recorded. Your rejoin code "
                "is {rejoin}: write it down. To come back under your name, here or on another "
                "browser, type the class code {code}, your name and this rejoin code (it works "
                "once; your teacher can give you a new one)."
            ),
            "classroom:record.waiting": (
                "{what} is not recorded for your class yet: {why} It is kept on this page and "
                "sent again as soon as the database is back; keep this page open."
            ),
            "classroom:record.sent": (
                "The class database is back: {what} is recorded for your class ({name})."
            ),
            "classroom:member.waiting": (
                "Your work here is not recorded for your class yet: {why} This page records "
                "it once the database is back."
            ),
            "classroom:member.back": (
                "The class database is back: your work here is recorded for your class ({name})."
            ),
            "classroom:join-needs-server": "Joining a class needs a class server.",
            "classroom:teach-needs-server": "Teaching a class needs a class server.",
            "classroom:why-not-here": (
                "This copy of the school runs in your browser, and a class's records are kept "
                "by a class server, whose address this copy was not given: type it below, and "
                "this page becomes the class's."
            ),
            "classroom:what-works-here": (
                "Lessons, exercises and practice work here as everywhere, and your stars stay "
                "in this browser."
            ),
            "classroom:db-why.not-answering": (
                "the database server is not answering (is it running?); try again in a moment"
            ),
            "classroom:db-why.not-found": "it cannot be opened (is its path or address right?)",
            "classroom:file.missing": "there is no exercise file {file}",
            "classroom:file.unreadable": (
                "the exercise file {file} cannot be read (the server's log says why)"
            ),
            # ---- the class pages' own words (issue 23 item 4): db.py, keys.py, the pages
            "classroom:db-failed": (
                "The class database could not be used: {why}. Nothing stored was changed."
            ),
            "classroom:db-why.busy": "it is busy with other writers; try again in a moment",
            "classroom:db-why.read-only": "it is read-only on this server",
            "classroom:db-why.full": "the disk it lives on is full",
            "classroom:db-why.refused": "it refused the request",
            "classroom:db-newer": (
                "The class database has schema '{current}', newer than this cardschool knows "
                "(up to '{head}'): update cardschool. The database was not touched."
            ),
            "classroom:refused": "{why:cap}.",
            "classroom:code.not-text": "a class code is six letters and digits",
            "classroom:code.form": "a class code is six letters and digits, like K7RT2Q",
            "classroom:name.not-text": "the name must be text",
            "classroom:title.not-text": "the class title must be text",
            "classroom:name.empty": "type a name",
            "classroom:title.empty": "type a class title",
            "classroom:name.too-long": "the name is too long (at most {limit} characters)",
            "classroom:title.too-long": "the class title is too long (at most {limit} characters)",
            "classroom:name.unshowable": "the name holds characters that cannot be shown",
            "classroom:title.unshowable": "the class title holds characters that cannot be shown",
            "classroom:member.needs-server": "class records need the served version of cardschool.",
            "classroom:member.not-recorded": "Your work here is not recorded for your class: {why}",
            "classroom:member.refused": "{why} Nothing here is recorded for a class.",
            "classroom:member.other-name": (
                "This browser was joined under another name: join again."
            ),
            "classroom:member.unreadable": (
                "This browser's class membership is not readable: join again."
            ),
            "classroom:member.was-unreadable": (
                "This browser's class membership was not readable: join again."
            ),
            "classroom:form.odd": "The class form sent something it should not; nothing was done.",
            "classroom:form.empty": "Type the class code and your name.",
            "classroom:form.failed": "Something went wrong on our side; try again.",
            "classroom:form.region": "Your class",
            "classroom:form.code": "Class code",
            "classroom:form.code-example": "e.g. K7RT2Q",
            "classroom:form.name": "Your name",
            "classroom:form.join": "Join",
            "classroom:form.leave": "Leave this class on this browser",
            "classroom:form.joined": "You are in {title} (class {code}) as {name}.",
            "classroom:assignment.deal": "{number}. Deal {code}",
            "classroom:assignment.deal-bots": "{number}. Deal {code} ({bots})",
            "classroom:assignment.exercises": "{number}. Exercises {file}",
            "classroom:assignment.exercises-titled": "{number}. Exercises: {title}",
            "classroom:assignment.done": "{words} ✓",
            "classroom:assignment.here": "Open it here",
            "classroom:assignment.here-tip": "Open assignment {number} on this page, below",
            "classroom:assignment.none": (
                "Your teacher has not given this class any assignment yet."
            ),
            "classroom:assignment.join-first": "Join the class first.",
            "classroom:assignment.title": "Assignment {number}",
            "classroom:assignment.unopened": "Assignment {number} cannot be opened: {why}",
            "classroom:copy.button": "Copy",
            "classroom:copy.copied": "Copied.",
            "classroom:copy.selected": "Selected: copy it with Ctrl+C (⌘C).",
            "classroom:copy.what": "Copy the {what:low}",
            "classroom:copy.label": "{label}: ",
            "classroom:copy.text": "text",
            "classroom:teach.new-class": "A new class",
            "classroom:teach.board": "The board",
            "classroom:teach.title": "Class title",
            "classroom:teach.create": "Create class",
            "classroom:teach.code-made": "Class code (for your students)",
            "classroom:teach.key": "Teacher key",
            "classroom:teach.code": "Class code",
            "classroom:teach.open": "Open board",
            "classroom:teach.kind": "Assign",
            "classroom:teach.kind-deal": "Deal",
            "classroom:teach.kind-exercises": "Exercises",
            "classroom:teach.bots": "Bots",
            "classroom:teach.add": "Add assignment",
            "classroom:teach.deal": "Deal",
            "classroom:teach.replay": "Open replay",
            "classroom:teach.key-once": (
                "Copy or write the key down now: it is shown only this once. The school keeps "
                "only a fingerprint of it, so it cannot show it again."
            ),
            "classroom:teach.csv": "Download the board as CSV",
            "classroom:teach.open-first": "Open the board with the teacher key first.",
            "classroom:teach.choose-deal": "Choose a finished deal first.",
            "classroom:teach.not-added": "That assignment was not added: {why}",
            "classroom:teach.added": "Added: {target}.",
            "classroom:teach.file-form": "give an exercise file as game/topic.toml",
            "classroom:teach.levels": "a deal code carries the levels {levels}",
            "classroom:teach.unopened": "That deal cannot be opened: {why}",
            "classroom:teach.replay-title": "Replay: {label}",
            "classroom:teach.replay-seen": "Replay of the student's deal as they saw it.",
            "classroom:teach.replay-open": "Replay of the student's deal with every hand open.",
            "classroom:teach.example": "{code}  or  {file}",
            "classroom:teach.when-unknown": "?",
            "classroom:teach.when": "{day} {month} {time} UTC",
            # the months as the replay list's dates name them, short
            "classroom:month.1": "Jan",
            "classroom:month.2": "Feb",
            "classroom:month.3": "Mar",
            "classroom:month.4": "Apr",
            "classroom:month.5": "May",
            "classroom:month.6": "Jun",
            "classroom:month.7": "Jul",
            "classroom:month.8": "Aug",
            "classroom:month.9": "Sep",
            "classroom:month.10": "Oct",
            "classroom:month.11": "Nov",
            "classroom:month.12": "Dec",
            "classroom:down.retry": "Try again",
            "classroom:board.as-of": "As of {time}: press Refresh for the work done since.",
            "classroom:board.student": "Student",
            "classroom:board.refused": "Refused moves",
            "classroom:board.wrong": "Wrong answers",
            "classroom:board.hints": "Hints",
            "classroom:board.coach": "Coach",
            "classroom:board.no-student": "No student yet.",
            "classroom:board.chart": "Moves the tables refused, by rule",
            "classroom:board.no-refused": "No table refused a move yet.",
            "classroom:board.score": "score {score}",
            "classroom:board.points": "{points} card points",
            "classroom:board.tries": Plural("count", "{count} try", "{count} tries"),
            "classroom:board.head-deal": "{game} deal, {level} bots",
            "classroom:board.head-deal-unknown": "Deal",
            "classroom:board.head-exercises": "Exercises",
            "classroom:board.level.random": "Random",
            "classroom:board.level.basic": "Basic",
            "classroom:board.level.expert": "Expert",
            "classroom:board.refresh": "Refresh",
            "classroom:board.restored": "restored from the browser, no move played here",
            "classroom:board.live": "{live} of {moves} moves played here",
            "classroom:board.replay-choice": "{name} · {code} · {result} · {time}",
            # the CSV's column headers, in its columns' order (board.CSV_COLUMNS), and its
            # done column's values
            "classroom:csv.class": "class",
            "classroom:csv.class-code": "class code",
            "classroom:csv.as-of": "as of",
            "classroom:csv.student": "student",
            "classroom:csv.assignment": "assignment",
            "classroom:csv.kind": "kind",
            "classroom:csv.target": "target",
            "classroom:csv.done": "done",
            "classroom:csv.result": "result",
            "classroom:csv.score": "score",
            "classroom:csv.card-points": "card points",
            "classroom:csv.stars": "stars",
            "classroom:csv.seconds": "seconds",
            "classroom:csv.tries": "tries",
            "classroom:csv.recorded": "recorded",
            "classroom:csv.refused-moves": "refused moves",
            "classroom:csv.wrong-answers": "wrong answers",
            "classroom:csv.hints": "hints",
            "classroom:csv.coach": "coach",
            "classroom:csv.deal-refused": "deal refused",
            "classroom:csv.deal-hints": "deal hints",
            "classroom:csv.deal-coach": "deal coach",
            "classroom:csv.yes": "yes",
            "classroom:csv.no": "no",
            "classroom:roster.student": "Student",
            "classroom:roster.new-name": "new name",
            "classroom:roster.rename": "Rename",
            "classroom:roster.remove": "Remove",
            "classroom:roster.no-such-student": "That student is not in this class.",
            "classroom:roster.name-taken": (
                "Someone in this class is already called {name}: pick another name."
            ),
            "classroom:roster.renamed": "{old} is now called {name}.",
            "classroom:roster.remove-sure": (
                "Removing {name} takes away their records too: press Remove again to do it."
            ),
            "classroom:roster.removed": Plural(
                "count",
                "{name} was removed from the class, with {count} record.",
                "{name} was removed from the class, with {count} records.",
            ),
            "classroom:where-instead": (
                "Ask your teacher for the address of their school's class server, or open this "
                "page in their school's served app (cardschool run on a server)."
            ),
        },
    )
)
"""The class pages' sentences."""
