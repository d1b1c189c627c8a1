#!/usr/bin/env python3
"""check-messages.py [--jargon FILE] TOPICDIR...: lint patch commit messages.

Checks the commit message (Subject: header and the text before the
first "---" line) of every patch that a TOPICDIR's `series` file lists
(lines not starting with '#'; paths relative to TOPICDIR, which may
point into another folder, e.g. ../../7.3/gpio-fixes/0004-x.patch).
Nothing from "---" down (diffstat, diff, notes to reviewers) is read.

Checks, one output line `FILE: problem` per problem found:

  subject   the subject, without its "[PATCH ...] " prefix and with
            folded header lines joined, is at most 75 characters;
  signoff   no Signed-off-by: line (the sender adds theirs on posting);
  commit    a 12-40 hex-digit commit id appears only as
            commit 0123456789ab ("subject") (exactly 12 digits; the
            subject may wrap over lines) or on a Fixes: line; a bare id,
            or "commit <id>" not followed by ("subject"), is a problem;
  fixes     every Fixes: line is exactly
            Fixes: 0123456789ab ("subject") on one line;
  stable    in a TOPICDIR whose name ends in "-fixes", every patch has
            a Fixes: tag or a sentence containing "No Fixes:" that says
            why there is none; in any other TOPICDIR no Fixes: tag and
            no Cc: stable@vger.kernel.org. A stable backport (a message
            with a "[ Upstream commit <40 hex> ]" or "commit <40 hex>
            upstream." line, which the commit check accepts too) keeps
            the upstream commit's trailers and is exempt;
  jargon    none of the case-insensitive regexes of the jargon file
            (default: patches/jargon.txt next to this script's parent,
            one regex per line, '#' starts a comment) occurs in the
            subject or the message;
  trailers  nothing but trailer lines (Cc:, Fixes:, Link:, ...-by: ...)
            after the first paragraph of trailers: notes for reviewers
            belong below the "---" line.

Last line: "messages: N patches in M series, P problems". Exit status
1 if P > 0, 2 on a usage error, else 0.
"""
import argparse
import os
import re
import sys

MAX_SUBJECT = 75

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_JARGON = os.path.join(HERE, os.pardir, "patches", "jargon.txt")

TRAILER_KEYS = {
    "cc", "fixes", "link", "closes", "reported-by", "suggested-by",
    "tested-by", "reviewed-by", "acked-by", "signed-off-by",
    "co-developed-by", "requested-by", "reported-and-tested-by",
    "originally-by", "debugged-by", "bisected-by", "message-id",
}
TRAILER_RE = re.compile(r"^([A-Za-z][A-Za-z0-9-]*):\s+\S")

# A token of 12 to 40 hex digits that stands alone (not part of a word,
# not a 0x number). It must have a digit and a letter: a commit id of
# only one kind is rare, dates and decimal numbers are not.
HEX_RE = re.compile(r"(?<![\w/.:-])(?<!0x)([0-9a-fA-F]{12,40})(?![\w])")
URL_RE = re.compile(r"\b[a-z][a-z0-9+.-]*://\S+", re.I)
# commit <id> ("subject"), the subject possibly wrapped over lines and
# holding quotes of its own; closes at the first '")' .
COMMIT_REF_RE = re.compile(
    r"\bcommit\s+([0-9a-fA-F]{7,40})\s+\(\"(?:[^\n]|\n(?!\s*\n)){1,300}?\"\)",
    re.I)
COMMIT_WORD_RE = re.compile(r"\bcommit\s+([0-9a-fA-F]{7,40})\b", re.I)
FIXES_LINE_RE = re.compile(r"^Fixes: [0-9a-f]{12} \(\".+\"\)$")
FIXES_ANY_RE = re.compile(r"^\s*fixes\s*:", re.I)
STABLE_RE = re.compile(r"^\s*cc\s*:.*\bstable@(?:vger\.)?kernel\.org", re.I)
NO_FIXES_RE = re.compile(r"\bNo Fixes:")
# The header line of a stable backport, as the stable trees write it:
# "[ Upstream commit <40 hex> ]" or "commit <40 hex> upstream."
BACKPORT_RE = re.compile(
    r"^(?:\[ Upstream commit [0-9a-f]{40} \]|commit [0-9a-f]{40} upstream\.?)$")


class Patch:
    """The message part of a git format-patch file."""

    def __init__(self, path):
        self.path = path
        self.error = None
        self.subject = ""
        self.body = []          # message lines after the headers
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = f.read().split("\n")
        i = 0
        headers = []
        while i < len(lines) and lines[i] != "":
            headers.append(lines[i])
            i += 1
        subject = None
        for n, h in enumerate(headers):
            if h.lower().startswith("subject:"):
                parts = [h[len("subject:"):].strip()]
                for cont in headers[n + 1:]:
                    if cont[:1] in (" ", "\t"):
                        parts.append(cont.strip())
                    else:
                        break
                subject = " ".join(p for p in parts if p)
                break
        if subject is None:
            self.error = "no Subject: header"
            subject = ""
        self.subject = re.sub(r"^\[[^\]]*\]\s*", "", subject)
        i += 1
        body = []
        found = False
        while i < len(lines):
            if lines[i] == "---":
                found = True
                break
            body.append(lines[i])
            i += 1
        if not found and self.error is None:
            self.error = "no '---' line after the message"
        while body and body[-1].strip() == "":
            body.pop()
        while body and body[0].strip() == "":
            body.pop(0)
        self.body = body

    @property
    def text(self):
        return self.subject + "\n\n" + "\n".join(self.body)


def load_jargon(path):
    """[(regex, source line)] from a jargon file."""
    out = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            s = line.strip()
            if not s or s.startswith("#"):
                continue
            try:
                out.append((re.compile(s, re.I), s))
            except re.error as e:
                raise SystemExit("%s:%d: bad regex %r: %s" % (path, n, s, e))
    return out


def is_trailer(line):
    m = TRAILER_RE.match(line)
    if not m:
        return False
    key = m.group(1).lower()
    return key in TRAILER_KEYS or key.endswith("-by")


def check_subject(p):
    if len(p.subject) > MAX_SUBJECT:
        return ["subject is %d characters, more than %d: %r"
                % (len(p.subject), MAX_SUBJECT, p.subject)]
    return []


def check_signoff(p):
    return ["Signed-off-by: in the message (the sender adds theirs): %r"
            % l.strip() for l in p.body
            if re.match(r"^\s*signed-off-by\s*:", l, re.I)]


def check_commits(p):
    probs = []
    text = "\n".join(p.body)
    # Spans that may hold an id: a kernel-form reference, a Fixes: line,
    # a URL.
    ok_spans = []
    for m in COMMIT_REF_RE.finditer(text):
        if len(m.group(1)) != 12:
            probs.append("commit id %s is not 12 hex digits: write "
                         "commit %s (\"subject\")"
                         % (m.group(1), m.group(1)[:12].lower()))
        elif m.group(1) != m.group(1).lower():
            probs.append("commit id %s in upper case" % m.group(1))
        ok_spans.append(m.span())
    pos = 0
    for line in text.split("\n"):
        if FIXES_ANY_RE.match(line) or BACKPORT_RE.match(line):
            ok_spans.append((pos, pos + len(line)))
        pos += len(line) + 1
    for m in URL_RE.finditer(text):
        ok_spans.append(m.span())

    def covered(a, b):
        return any(s <= a and b <= e for s, e in ok_spans)

    flagged = set()
    for m in COMMIT_WORD_RE.finditer(text):
        if covered(*m.span(1)):
            continue
        flagged.add(m.start(1))
        after = text[m.end(1):m.end(1) + 12].replace("\n", " ")
        probs.append("\"commit %s\" not followed by (\"subject\"): %r"
                     % (m.group(1), "commit " + m.group(1) + after))
    for m in HEX_RE.finditer(text):
        tok = m.group(1)
        if m.start(1) in flagged or covered(*m.span(1)):
            continue
        if not (re.search(r"[0-9]", tok) and re.search(r"[a-fA-F]", tok)):
            continue
        a = max(0, m.start(1) - 20)
        ctx = text[a:m.end(1) + 10].replace("\n", " ")
        probs.append("bare commit id %s (write commit %s (\"subject\")): "
                     "...%s..." % (tok, tok[:12].lower(), ctx))
    return probs


def check_fixes_format(p):
    return ["malformed Fixes: line (want Fixes: <12 hex> (\"subject\") "
            "on one line): %r" % l
            for l in p.body if FIXES_ANY_RE.match(l)
            and not FIXES_LINE_RE.match(l)]


def is_backport(p):
    return any(BACKPORT_RE.match(l) for l in p.body)


def check_stable(p, topic):
    fixes = [l for l in p.body if FIXES_ANY_RE.match(l)]
    stable = [l for l in p.body if STABLE_RE.match(l)]
    if is_backport(p):
        # A stable backport keeps the upstream commit's own trailers.
        return []
    if topic.endswith("-fixes"):
        if not fixes and not NO_FIXES_RE.search("\n".join(p.body)):
            return ["fix series %s: no Fixes: tag and no \"No Fixes:\" "
                    "sentence saying why" % topic]
        return []
    probs = []
    if fixes:
        probs.append("feature series %s: Fixes: tag %r" % (topic, fixes[0]))
    if stable:
        probs.append("feature series %s: %r" % (topic, stable[0].strip()))
    return probs


def check_jargon(p, jargon):
    probs = []
    text = p.text
    for rx, src in jargon:
        m = rx.search(text)
        if m:
            probs.append("jargon %r (rule %s)"
                         % (m.group(0).replace("\n", " "), src))
    return probs


def check_trailers(p):
    body = p.body
    start = None
    for i, line in enumerate(body):
        if is_trailer(line) and (i == 0 or body[i - 1].strip() == ""):
            start = i
            break
    if start is None:
        return []
    for line in body[start:]:
        if line.strip() and not is_trailer(line):
            return ["text after the trailers (notes for reviewers go "
                    "below ---): %r" % line.strip()]
    return []


def check_patch(path, topic, jargon):
    p = Patch(path)
    probs = []
    if p.error:
        probs.append(p.error)
    probs += check_subject(p)
    probs += check_signoff(p)
    probs += check_commits(p)
    probs += check_fixes_format(p)
    probs += check_stable(p, topic)
    probs += check_jargon(p, jargon)
    probs += check_trailers(p)
    return probs


def series_entries(topicdir):
    path = os.path.join(topicdir, "series")
    with open(path, encoding="utf-8") as f:
        for line in f:
            s = line.strip()
            if not s or s.startswith("#"):
                continue
            yield os.path.normpath(os.path.join(topicdir, s))


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="check-messages.py",
        description=__doc__.split("\n\n", 1)[1],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--jargon", default=DEFAULT_JARGON,
                    help="jargon regex file (default: %(default)s)")
    ap.add_argument("topicdirs", nargs="+", metavar="TOPICDIR",
                    help="a folder with a series file")
    args = ap.parse_args(argv)
    try:
        jargon = load_jargon(args.jargon)
    except OSError as e:
        print("check-messages.py: %s" % e, file=sys.stderr)
        return 2
    npatches = nseries = nprobs = 0
    for d in args.topicdirs:
        d = os.path.normpath(d)
        topic = os.path.basename(d)
        try:
            entries = list(series_entries(d))
        except OSError as e:
            print("%s: no series file (%s)" % (d, e.strerror))
            nprobs += 1
            continue
        nseries += 1
        for path in entries:
            npatches += 1
            if not os.path.isfile(path):
                print("%s: listed in %s/series but missing" % (path, d))
                nprobs += 1
                continue
            for prob in check_patch(path, topic, jargon):
                print("%s: %s" % (path, prob))
                nprobs += 1
    print("messages: %d patches in %d series, %d problems"
          % (npatches, nseries, nprobs))
    return 1 if nprobs else 0


if __name__ == "__main__":
    sys.exit(main())
