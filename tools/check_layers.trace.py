# gdb script of tools/check_layers.trace.sh: records, in order, every call of a function of the extension made by
# the operation between the two markers of tools/check_layers.trace.php (RedisClusterPool::predisReply('trace', ...)
# called twice), then prints the walk through the files and its counts.
#
#   gdb -batch -x tools/check_layers.trace.py --args php -d extension=X.so tools/check_layers.trace.php OP
#
# Needs a build without inlining and without LTO (check_layers.trace.sh makes one: -O0 -fno-inline
# --disable-redis-cluster-pool-lto), so that every function of the C code is a call gdb can see. Functions of a
# header (static inline helpers) count as the file that calls them. Environment: RCP_TRACE_TREE=1 also prints the
# whole call tree.
import os
import re
import gdb

gdb.execute("set pagination off")
gdb.execute("set breakpoint pending on")
gdb.execute("set confirm off")

state = {"on": False, "installed": False, "events": [], "marks": 0}
MARK = "zim_RedisClusterPool_predisReply"


def depth():
    d, f = 0, gdb.newest_frame()
    while f is not None:
        d += 1
        f = f.older()
    return d


class Fn(gdb.Breakpoint):
    def __init__(self, spec, fn, file):
        super().__init__(spec, internal=True)
        self.silent = True
        self.fn, self.file = fn, file

    def stop(self):
        if state["on"]:
            state["events"].append((depth(), self.fn, self.file))
        return False


def src_name(path):
    m = re.search(r"(?:^|/)((?:src/predis|src/core|src/binding|src|include)/[^/]+|[^/]+\.[ch])$", path)
    return m.group(1) if m else path


def install():
    out = gdb.execute("info functions", to_string=True)
    cur, seen = None, set()
    for line in out.splitlines():
        m = re.match(r"^File (.*):$", line)
        if m:
            cur = m.group(1)
            continue
        m = re.match(r"^\d+:\s+(?:[^(]*?[\s*])?([A-Za-z_]\w*)\(", line)
        if not m or cur is None:
            continue
        name = src_name(cur)
        if not (name.startswith("src/") or name.startswith("include/") or name == "redis_cluster_pool.c"):
            continue
        fn = m.group(1)
        if fn == MARK or fn.startswith("__") or (name, fn) in seen:
            continue
        seen.add((name, fn))
        Fn("%s:%s" % (cur, fn), fn, name)
    state["installed"] = True


class Mark(gdb.Breakpoint):
    def stop(self):
        state["marks"] += 1
        if not state["installed"]:
            install()
        # the first mark turns recording on (its own calls are left out below), the second off
        state["on"] = state["marks"] == 1
        if state["marks"] == 1:
            state["base"] = depth()
        return False


Mark(MARK, internal=True).silent = True
gdb.execute("run")

# ---- the tree: each event's parent is the latest earlier event less deep -------------------------------------
ev = state["events"]
base = state.get("base", 0)
# drop the rest of the first marker's call (events deeper than it before the first event at its depth or above)
start = 0
while start < len(ev) and ev[start][0] > base:
    start += 1
ev = ev[start:]
nodes = []  # [depth, fn, file, parent]
stack = []
for d, fn, file in ev:
    while stack and nodes[stack[-1]][0] >= d:
        stack.pop()
    parent = stack[-1] if stack else None
    if file.endswith(".h") and parent is not None:
        file = nodes[parent][2]  # a header's inline helper: its caller's file
    nodes.append([d, fn, file, parent])
    stack.append(len(nodes) - 1)

if os.environ.get("RCP_TRACE_TREE"):
    mind = min(n[0] for n in nodes) if nodes else 0
    print("call tree:")
    for d, fn, file, p in nodes:
        print("  " + "  " * (d - mind) + "%s  (%s)" % (fn, file))

# ---- the walk through the files: a row per stay in a file ----------------------------------------------------
# Moves: a call into another file is a descent ("down"); a return into another file is a climb ("up"). A climb
# back up is a climb after which the code descends again (a layered path descends once and climbs once).
rows = []  # [file, direction, [functions]]
onstack_files = []
cur_file = None
downs = ups = climbs_back = reentries = 0
entered = {}  # file -> times control entered it by a call (the first file: once, by the PHP engine)
pending_up = False
children = {}
for i, n in enumerate(nodes):
    children.setdefault(n[3], []).append(i)


def visit(i, caller_file):
    global cur_file, downs, ups, climbs_back, reentries, pending_up
    d, fn, file, p = nodes[i]
    if file != cur_file:
        entered[file] = entered.get(file, 0) + 1
        if cur_file is not None:
            downs += 1
            if pending_up:
                climbs_back += 1
            if file in onstack_files:
                reentries += 1
        pending_up = False
        rows.append([file, "down" if cur_file is not None else "", [fn]])
        cur_file = file
    else:
        rows[-1][2].append(fn)
    onstack_files.append(file)
    for c in children.get(i, []):
        visit(c, file)
    onstack_files.pop()
    if caller_file is not None and caller_file != cur_file:
        ups += 1
        pending_up = True
        rows.append([caller_file, "up", []])
        cur_file = caller_file


for r in children.get(None, []):
    cur_file = None
    visit(r, None)

files = []
for r in rows:
    if r[0] not in files:
        files.append(r[0])
print("step | move | file | functions entered (in order)")
print("---|---|---|---")
for k, (file, move, fns) in enumerate(rows, 1):
    short, last, cnt = [], None, 0
    for f in fns + [None]:
        if f == last:
            cnt += 1
            continue
        if last is not None:
            short.append(last + (" x%d" % cnt if cnt > 1 else ""))
        last, cnt = f, 1
    print("%d | %s | %s | %s" % (k, move, file, ", ".join(short) if short else "(returns)"))
print()
print("functions called: %d; files: %d (%s)" % (len(nodes), len(files), " ".join(files)))
print("file entries (calls into another file): %d; returns into another file: %d" % (downs, ups))
busy_ups = sum(1 for k, r in enumerate(rows) if r[1] == "up" and (r[2] or (k + 1 < len(rows) and rows[k + 1][1] == "down")))
print("climbs back up (a return into another file followed by a new descent): %d" % climbs_back)
print("returns into another file that then works again (calls its own functions or descends): %d" % busy_ups)
print("calls into a file that already has a frame below (upward calls, callbacks): %d" % reentries)
again = sorted(((n, f) for f, n in entered.items() if n > 1), reverse=True)
print("files entered more than once: %d (%s)" % (len(again), ", ".join("%s x%d" % (f, n) for n, f in again)))
if gdb.selected_inferior().pid:
    gdb.execute("kill")
