"""The board's device tree read from its sources (dts/board.dts and what it
includes), as far as the catalogue needs it: nodes, labels, properties.

dtc cannot compile the board on its own: dts/board.dts includes QEMU's
base.dts, which the Makefile dumps from QEMU. This reader needs no base:
a reference `&{/path}` to a node that base.dts would hold makes an empty
node at that path, and a missing include is skipped. It knows the
subset of DTS syntax that dts/ uses: nodes with labels, `&{/path}` and
`&label` references, properties of strings, cells (numbers, phandle
references `&label`) and bytes, `/bits/ N`, `/include/`, comments.
Nodes keep the order in which the sources first name them, includes
read where they stand.
"""
import os
import re

TOKEN = re.compile(r"""
    (?P<ws>\s+)
  | (?P<comment>//[^\n]*|/\*.*?\*/)
  | (?P<string>"(?:[^"\\]|\\.)*")
  | (?P<directive>/[a-z-]+/)
  | (?P<pathref>&\{[^}]*\})
  | (?P<ref>&[A-Za-z_][A-Za-z0-9_]*)
  | (?P<label>[A-Za-z_][A-Za-z0-9_]*:)
  | (?P<word>[A-Za-z0-9_,.+#?@/-]+)
  | (?P<punct>[{}<>\[\];=])
""", re.S | re.X)


class Node:
    def __init__(self, name, parent, seq):
        self.name = name
        self.parent = parent
        self.seq = seq		# order of first appearance in the sources
        self.labels = []
        self.props = {}
        self.children = []
        self.file = None	# the source file that defined it first

    def path(self):
        if self.parent is None:
            return "/"
        up = self.parent.path()
        return (up if up != "/" else "") + "/" + self.name

    def child(self, name):
        for c in self.children:
            if c.name == name:
                return c
        return None

    def walk(self):
        yield self
        for c in self.children:
            yield from c.walk()

    def string(self, prop):
        """The first string of a property, or None."""
        for v in self.props.get(prop, []):
            if isinstance(v, str):
                return v
        return None

    def strings(self, prop):
        return [v for v in self.props.get(prop, []) if isinstance(v, str)]

    def cells(self, prop):
        """The cells of a property: ints, and Ref for phandles."""
        out = []
        for v in self.props.get(prop, []):
            if isinstance(v, list):
                out += v
        return out

    def u32(self, prop, default=None):
        c = self.cells(prop)
        return c[0] if c and isinstance(c[0], int) else default

    def unit(self):
        return self.name.split("@", 1)[1] if "@" in self.name else None

    def __repr__(self):
        return "<Node %s>" % self.path()


class Ref(str):
    """A phandle reference inside cells: the label it names, or
    {/path} for a reference by path."""


class Bytes(bytes):
    pass


class Tree:
    def __init__(self):
        self.seq = 0
        self.root = Node("", None, self._next())
        self.labels = {}

    def _next(self):
        self.seq += 1
        return self.seq

    def node_at(self, path, create=True):
        n = self.root
        for part in [p for p in path.split("/") if p]:
            c = n.child(part)
            if c is None:
                if not create:
                    return None
                c = Node(part, n, self._next())
                n.children.append(c)
            n = c
        return n

    def label(self, name):
        return self.labels.get(name)

    def resolve(self, ref):
        """The node a Ref names (KeyError if there is none)."""
        if ref.startswith("{"):
            n = self.node_at(ref[1:-1], create=False)
            if n is None:
                raise KeyError(ref)
            return n
        return self.labels[ref]


class DtsError(Exception):
    pass


def _tokens(text, fname):
    pos = 0
    out = []
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m:
            raise DtsError("%s: cannot read %r" % (fname, text[pos:pos + 30]))
        pos = m.end()
        kind = m.lastgroup
        if kind not in ("ws", "comment"):
            out.append((kind, m.group(kind)))
    return out


def _number(word):
    return int(word, 0)


class _Parser:
    def __init__(self, tree, fname, toks):
        self.tree, self.fname, self.toks, self.i = tree, fname, toks, 0

    def peek(self):
        return self.toks[self.i] if self.i < len(self.toks) else (None, None)

    def take(self, want=None):
        kind, val = self.peek()
        if kind is None or (want is not None and val != want):
            raise DtsError("%s: expected %r, got %r" % (self.fname, want, val))
        self.i += 1
        return kind, val

    def top(self, include):
        while self.i < len(self.toks):
            kind, val = self.peek()
            if kind == "directive":
                self.take()
                if val == "/include/":
                    include(self.take()[1][1:-1])
                elif val == "/dts-v1/":
                    self.take(";")
                elif val in ("/delete-node/", "/memreserve/", "/plugin/"):
                    raise DtsError("%s: %s not supported" % (self.fname, val))
                continue
            labels = self.labels()
            kind, val = self.take()
            if kind == "pathref":
                node = self.tree.node_at(val[2:-1])
            elif kind == "ref":
                node = self.tree.label(val[1:])
                if node is None:
                    raise DtsError("%s: no label %s" % (self.fname, val))
            elif val == "/" or kind == "word" and val == "/":
                node = self.tree.root
            else:
                raise DtsError("%s: unexpected %r" % (self.fname, val))
            if node.file is None:
                node.file = self.fname
            self.add_labels(node, labels)
            self.body(node)

    def labels(self):
        out = []
        while self.peek()[0] == "label":
            out.append(self.take()[1][:-1])
        return out

    def add_labels(self, node, labels):
        for lb in labels:
            if lb in self.tree.labels and self.tree.labels[lb] is not node:
                raise DtsError("%s: label %s defined twice" % (self.fname, lb))
            self.tree.labels[lb] = node
            if lb not in node.labels:
                node.labels.append(lb)

    def body(self, node):
        self.take("{")
        while self.peek()[1] != "}":
            labels = self.labels()
            _, name = self.take()
            if self.peek()[1] == "{":
                c = node.child(name)
                if c is None:
                    c = Node(name, node, self.tree._next())
                    c.file = self.fname
                    node.children.append(c)
                self.add_labels(c, labels)
                self.body(c)
                continue
            if labels:
                raise DtsError("%s: label on property %s" % (self.fname, name))
            node.props[name] = self.value() if self.peek()[1] == "=" else []
            self.take(";")
        self.take("}")
        self.take(";")

    def value(self):
        self.take("=")
        out = []
        while True:
            kind, val = self.peek()
            if kind == "string":
                self.take()
                out.append(val[1:-1])
            elif val == "/bits/":
                self.take()
                self.take()	# the width; cells stay numbers
                continue
            elif val == "<":
                self.take()
                cells = []
                while self.peek()[1] != ">":
                    k, v = self.take()
                    cells.append(Ref(v[1:]) if k in ("ref", "pathref")
                                 else _number(v))
                self.take(">")
                out.append(cells)
            elif val == "[":
                self.take()
                hexs = ""
                while self.peek()[1] != "]":
                    hexs += self.take()[1]
                self.take("]")
                out.append(Bytes.fromhex(hexs))
            elif kind == "ref":
                self.take()
                out.append([Ref(val[1:])])
            else:
                raise DtsError("%s: bad value %r" % (self.fname, val))
            if self.peek()[1] != ",":
                return out
            self.take()


def load(path):
    """The tree of path and everything it includes (relative to its
    folder; an include that is not there, QEMU's base.dts, is skipped)."""
    tree = Tree()
    folder = os.path.dirname(os.path.abspath(path))

    def read(fname):
        full = os.path.join(folder, fname)
        if not os.path.exists(full):
            return
        with open(full) as f:
            text = f.read()
        _Parser(tree, fname, _tokens(text, fname)).top(read)

    read(os.path.basename(path))
    return tree
