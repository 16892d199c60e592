#!/usr/bin/env python3
"""Checks `subs export --format ics` with a real iCalendar parser and a real RRULE engine.

Usage: python3 Tests/ics/check_ics.py PATH/TO/subs
Needs: python3 -m pip install icalendar python-dateutil

In a throwaway HOME it adds subscriptions with month-end, leap-day, weekly, daily, trial,
cancelled, paused and reactivated schedules, exports the calendar, and checks for each
subscription that its events (RRULE with UNTIL and EXDATE, expanded by dateutil) fall on exactly
the dates `subs upcoming` lists for five years; then that the file is RFC 5545 text (CRLF, lines of at
most 75 octets, escaped text) and that --output writes a private file. Prints one line per check
and a last line "N passed, M failed"; exits 1 on any failure.
"""

import datetime
import json
import os
import stat
import subprocess
import sys
import tempfile

from dateutil.rrule import rrulestr
import icalendar

TODAY = "2024-02-01"
# Five years, so leap-day anchors meet both February 28 and a leap February 29.
UNTIL = "2029-03-01"
TRICKY_NAME = "Rock, Paper; Scissors \\ Ünïcødé 日本語 ☃"

# name, amount, add options, lifecycle commands run after it is added (reference is the id)
SUBSCRIPTIONS = [
    ("Month end 31", "15.49", ["--every", "monthly", "--start", "2024-01-31"], []),
    ("Month end 30", "9.99", ["--every", "monthly", "--start", "2024-01-30"], []),
    ("Month end 29", "4.99", ["--every", "monthly", "--start", "2024-01-29"], []),
    ("Leap day", "99.00", ["--every", "yearly", "--start", "2024-02-29", "--remind", "30,7,1"], []),
    ("Quarterly on the 30th", "30.00", ["--every", "3 months", "--start", "2023-11-30"], []),
    ("Every 2 months on the 31st", "12.00", ["--every", "2 months", "--start", "2024-12-31"], []),
    ("Every 5 months on the 30th", "5.00", ["--every", "5 months", "--start", "2024-03-30"], []),
    ("Monthly from a leap day", "4.00", ["--every", "monthly", "--start", "2024-02-29"], []),
    ("Paused on the 29th", "4.50", ["--every", "monthly", "--start", "2024-01-29"],
     [["pause", "--on", "2024-02-10", "--until", "2024-04-05"]]),
    ("Weekly", "5.00", ["--every", "weekly", "--start", "2024-01-05"], []),
    ("Every 14 days", "7.50", ["--every", "14 days", "--start", "2024-01-10", "--remind", "3,0"], []),
    ("Trial", "11.99", ["--every", "monthly", "--start", "2024-01-20", "--trial-end", "2024-02-10"], []),
    ("Cancelled", "8.00", ["--every", "monthly", "--start", "2023-12-15"],
     [["cancel", "--on", "2024-05-20"]]),
    ("Bounded pause", "6.00", ["--every", "monthly", "--start", "2024-01-31"],
     [["pause", "--on", "2024-03-01", "--until", "2024-06-15"]]),
    ("Open pause", "3.00", ["--every", "weekly", "--start", "2024-01-15"],
     [["pause", "--on", "2024-04-10"]]),
    ("Cancelled long ago", "2.00", ["--every", "monthly", "--start", "2023-01-10"],
     [["cancel", "--on", "2023-06-01"]]),
    ("Reactivated", "13.00", ["--every", "monthly", "--start", "2024-01-15"],
     [["cancel", "--on", "2024-03-20"], ["resume", "--on", "2024-04-02"]]),
    (TRICKY_NAME, "1000", ["--currency", "JPY", "--every", "monthly", "--start", "2024-01-31",
                           "--notes", "Shared with Ana, Bo; see C:\\bills " + "é" * 80], []),
]


class Checks:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, name, problems):
        if problems:
            self.failed += 1
            print(f"FAIL {name}: " + "; ".join(problems))
        else:
            self.passed += 1
            print(f"ok   {name}")


def run(subs, env, *arguments):
    result = subprocess.run([subs, *arguments, "--today", TODAY], env=env, capture_output=True)
    if result.returncode != 0:
        sys.exit(f"subs {' '.join(arguments)} failed ({result.returncode}): "
                 + result.stderr.decode(errors="replace").strip())
    return result.stdout


def day(value):
    return datetime.date.fromisoformat(value)


def midnight(date):
    return datetime.datetime(date.year, date.month, date.day)


def exdates(event):
    """The EXDATE days of an event, whether icalendar gives one list or several."""
    values = event.get("EXDATE")
    if values is None:
        return []
    if not isinstance(values, list):
        values = [values]
    return [entry.dt for value in values for entry in value.dts]


def expanded(event, start, end):
    """The event's occurrences from start through end, both inclusive, by dateutil."""
    dtstart = event.decoded("DTSTART")
    if isinstance(dtstart, datetime.datetime):
        raise ValueError("DTSTART is not an all-day date")
    rule = event["RRULE"].to_ical().decode()
    rules = rrulestr(rule, dtstart=midnight(dtstart), forceset=True)
    for excluded in exdates(event):
        rules.exdate(midnight(excluded))
    return {moment.date() for moment in rules.between(midnight(start), midnight(end), inc=True)}


def line_problems(data):
    problems = []
    if not data.endswith(b"\r\n"):
        problems.append("the file does not end in CRLF")
    if data.count(b"\n") != data.count(b"\r\n") or data.count(b"\r") != data.count(b"\r\n"):
        problems.append("a line ends in a bare LF or CR")
    for number, line in enumerate(data.split(b"\r\n")[:-1], start=1):
        if len(line) > 75:
            problems.append(f"line {number} has {len(line)} octets")
        try:
            line.decode("utf-8")
        except UnicodeDecodeError:
            problems.append(f"line {number} splits a UTF-8 character")
    return problems


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: check_ics.py PATH/TO/subs")
    subs = os.path.abspath(sys.argv[1])
    checks = Checks()
    with tempfile.TemporaryDirectory(prefix="subs-ics-") as home:
        env = {key: value for key, value in os.environ.items()
               if not key.startswith(("SUBS_", "XDG_"))}
        env.update(HOME=home, TZ="UTC", NO_COLOR="1")

        names = {}
        for name, amount, options, lifecycle in SUBSCRIPTIONS:
            added = json.loads(run(subs, env, "add", name, amount, *options, "--format", "json"))
            names[added["id"]] = name
            for command in lifecycle:
                run(subs, env, command[0], added["id"], *command[1:])

        data = run(subs, env, "export", "--format", "ics")
        upcoming = json.loads(run(subs, env, "upcoming", "--format", "json", "--until", UNTIL))
        listed = {item["id"]: item for item in
                  json.loads(run(subs, env, "list", "--status", "all", "--format", "json"))}

        checks.check("every line ends in CRLF and has at most 75 octets", line_problems(data))

        calendar = icalendar.Calendar.from_ical(data)
        events = {}
        for event in calendar.walk("VEVENT"):
            uid = str(event["UID"])
            # Deadlines (`<id>-cancel-by-YYYYMMDD@subs`, PRODUCT.md §14) are not payments.
            if uid.split("@")[0].endswith("-trial") or "-cancel-by-" in uid:
                continue
            events.setdefault(uid[:36], []).append(event)
        expected = {}
        for item in upcoming:
            # A trial's end is its first payment: one item of kind trial_end (docs/json.md).
            if item["kind"] in ("payment", "trial_end"):
                expected.setdefault(item["id"], set()).add(day(item["date"]))

        for sid, name in names.items():
            problems = []
            try:
                actual = set()
                for event in events.get(sid, []):
                    actual |= expanded(event, day(TODAY), day(UNTIL))
            except Exception as error:  # a parse failure is this subscription's failure
                problems.append(f"cannot expand: {error!r}")
                actual = set()
            wanted = expected.get(sid, set())
            if actual != wanted:
                missing = sorted(str(d) for d in wanted - actual)
                extra = sorted(str(d) for d in actual - wanted)
                problems.append(f"missing {missing}, extra {extra}")
            remind_days = sorted(listed[sid]["remind_days"])
            for event in events.get(sid, []):
                triggers = sorted(-alarm.decoded("TRIGGER").days for alarm in event.walk("VALARM"))
                if triggers != remind_days:
                    problems.append(f"alarms {triggers}, remind_days {remind_days}")
            checks.check(f"{name}: {len(wanted)} dates", problems)

        unknown = sorted(set(events) - set(names))
        checks.check("every event belongs to a subscription", [f"unknown {unknown}"] if unknown else [])

        tricky = [sid for sid, name in names.items() if name == TRICKY_NAME][0]
        summary = str(events[tricky][0]["SUMMARY"])
        description = str(events[tricky][0]["DESCRIPTION"])
        problems = []
        if summary != f"{TRICKY_NAME} 1000 JPY":
            problems.append(f"SUMMARY reads back as {summary!r}")
        if "Notes: Shared with Ana, Bo; see C:\\bills " + "é" * 80 not in description:
            problems.append(f"DESCRIPTION reads back as {description!r}")
        checks.check("text with commas, semicolons, backslashes and non-ASCII reads back", problems)

        path = os.path.join(home, "subs.ics")
        with open(path, "w") as stale:
            stale.write("old contents")
        os.chmod(path, 0o644)
        run(subs, env, "export", "--format", "ics", "--output", path)
        with open(path, "rb") as written:
            contents = written.read()
        mode = stat.S_IMODE(os.stat(path).st_mode)
        problems = []
        if mode != 0o600:
            problems.append(f"mode {mode:o}")
        without_stamp = [line for line in contents.split(b"\r\n") if not line.startswith(b"DTSTAMP:")]
        if without_stamp != [line for line in data.split(b"\r\n") if not line.startswith(b"DTSTAMP:")]:
            problems.append("the file differs from standard output")
        leftovers = [entry for entry in os.listdir(home) if entry.startswith(".subs.ics")]
        if leftovers:
            problems.append(f"temporary files left: {leftovers}")
        checks.check("--output replaces the file with a private one", problems)

    print(f"{checks.passed} passed, {checks.failed} failed")
    return 1 if checks.failed else 0


if __name__ == "__main__":
    sys.exit(main())
