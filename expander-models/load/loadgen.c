// SPDX-License-Identifier: GPL-2.0
/*
 * loadgen.c - a fake guest that loads expander-daemon without QEMU.
 *
 * It starts the daemon on a board DT, connects to every bus socket as
 * QEMU does (tests/vu_front.h: memfd guest memory, the start sequence,
 * kick and call eventfds) and submits a recorded request mix (mix.h) the
 * way Linux's i2c-virtio does: one virtio request per message, FAIL_NEXT
 * on all but a transfer's last, indirect descriptors, EVENT_IDX
 * honoured, one transfer in flight per bus. Every status and every byte
 * read is checked against the mix, and the daemon's counters against
 * what the mix puts on the wire; it prints one `result` line and exits 1
 * on any difference.
 *
 *   loadgen board BUSES CHIPS [HZ]    a board with BUSES buses, CHIPS chips
 *   loadgen floor N [HOLD_NS]         N wake-ups of a do-nothing server
 *   loadgen run [options] MIX         load the daemon, see usage()
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "fake_guest.h"
#include "load.h"
#include "mix.h"
#include "vu_front.h"

#define RING_NUM	128
#define SLOT_SIZE	128	/* header, status, indirect table, buffer */
#define SLOT_HDR	0
#define SLOT_STATUS	8
#define SLOT_TABLE	16
#define SLOT_BUF	64

struct lbus {
	char name[32];
	char path[PATH_MAX];
	struct vuf_peer p;
	struct fake_guest g;	/* only the ring layout helpers */
	uint16_t used_seen;
	uint64_t next;		/* index into the stream of transactions */
	uint64_t end;		/* stream length: set-up + repeats * body */
	const struct mix_tx *cur;	/* in flight, or NULL */
	uint16_t slot[MIX_SEGS];
	unsigned int pending;	/* requests of cur not yet used */
	uint64_t t_submit;
};

struct lg {
	const struct mix *mix;
	unsigned int nbus;
	struct lbus bus[LOAD_MAX_BUSES];
	uint64_t repeat;
	bool paced;
	uint32_t hz;
	int ctl;
	pid_t pid;
	unsigned int errors;
	/* Completion minus bus-time deadline, ns, per measured transaction. */
	int64_t *late;
	uint64_t nlate, caplate;
};

/* ---- the daemon ---- */

/* Read the ready file the daemon writes once it listens. */
static void wait_ready(struct lg *lg, const char *ready, char *ctl_path,
		       int timeout_s)
{
	uint64_t until = now_ns() + timeout_s * 1000000000ull;
	char line[PATH_MAX + 64], path[PATH_MAX], name[32];
	int status, slot;
	FILE *f;

	while (!(f = fopen(ready, "r"))) {
		if (waitpid(lg->pid, &status, WNOHANG) == lg->pid)
			die("the daemon exited before it was ready");
		if (now_ns() > until)
			die("the daemon was not ready in %d s", timeout_s);
		usleep(20000);
	}
	lg->nbus = 0;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "bus %31s slot %d socket %4095s", name, &slot,
			   path) == 3) {
			if (lg->nbus == LOAD_MAX_BUSES)
				die("more than %d buses", LOAD_MAX_BUSES);
			snprintf(lg->bus[lg->nbus].name, 32, "%s", name);
			snprintf(lg->bus[lg->nbus].path, PATH_MAX, "%s", path);
			lg->nbus++;
		} else if (sscanf(line, "control %4095s", path) == 1) {
			snprintf(ctl_path, PATH_MAX, "%s", path);
		}
	}
	fclose(f);
}

/* Daemon CPU (user + system) and transactions on all buses. */
static void cpu(struct lg *lg, uint64_t *ns, uint64_t *tx)
{
	char buf[256];

	control(lg->ctl, "cpu", buf, sizeof(buf));
	*ns = field(buf, "user_ns=") + field(buf, "sys_ns=");
	*tx = field(buf, "transactions=");
}

/* ---- the guest side of one bus ---- */

static uint8_t *slot_mem(struct lbus *b, uint16_t slot, unsigned int off)
{
	return b->p.mem + FG_HEAP + slot * SLOT_SIZE + off;
}

static uint64_t slot_gpa(uint16_t slot, unsigned int off)
{
	return FG_GPA + FG_HEAP + slot * SLOT_SIZE + off;
}

static void connect_bus(struct lbus *b)
{
	if (vuf_peer_init(&b->p) < 0)
		die("%s: guest memory: %s", b->name, strerror(errno));
	b->p.sock = unix_connect(b->path);
	fg_init_layout(&b->g, b->p.mem, RING_NUM);
	if (vuf_start(&b->p, RING_NUM) < 0)
		die("%s: the vhost-user start sequence failed", b->name);
}

/* Queue transaction t as i2c-virtio does, and kick if the ring asks. */
static void submit(struct lbus *b, const struct mix_tx *t)
{
	uint16_t old = b->g.avail_idx, slot, event;
	unsigned int i;
	uint8_t *h;
	uint32_t flags;

	for (i = 0; i < t->nsegs; i++) {
		const struct mix_seg *s = &t->seg[i];
		unsigned int n = 0;
		uint8_t *table;

		slot = b->g.next_desc++ % RING_NUM;
		b->slot[i] = slot;
		h = slot_mem(b, slot, SLOT_HDR);
		put16(h, s->addr << 1);
		put16(h + 2, 0);
		flags = (i + 1 < t->nsegs ? VIRTIO_I2C_FLAGS_FAIL_NEXT : 0) |
			(s->read ? VIRTIO_I2C_FLAGS_M_RD : 0);
		flags = htole32(flags);
		memcpy(h + 4, &flags, 4);
		*slot_mem(b, slot, SLOT_STATUS) = 0xee;
		if (s->read)
			memset(slot_mem(b, slot, SLOT_BUF), 0xee, s->len);
		else
			memcpy(slot_mem(b, slot, SLOT_BUF), s->data, s->len);
		table = slot_mem(b, slot, SLOT_TABLE);
		fg_set_desc(table, n, slot_gpa(slot, SLOT_HDR), VI2C_HDR_SIZE,
			    VRING_DESC_F_NEXT, n + 1);
		n++;
		if (s->len) {
			fg_set_desc(table, n, slot_gpa(slot, SLOT_BUF), s->len,
				    VRING_DESC_F_NEXT |
				    (s->read ? VRING_DESC_F_WRITE : 0), n + 1);
			n++;
		}
		fg_set_desc(table, n, slot_gpa(slot, SLOT_STATUS), 1,
			    VRING_DESC_F_WRITE, 0);
		n++;
		fg_desc(&b->g, slot, slot_gpa(slot, SLOT_TABLE), 16 * n,
			VRING_DESC_F_INDIRECT, 0);
		put16(b->g.mem + FG_AVAIL + 4 + 2 * (b->g.avail_idx % RING_NUM),
		      slot);
		b->g.avail_idx++;
	}
	b->cur = t;
	b->pending = t->nsegs;
	/* Interrupt on the next used entry. */
	fg_set_used_event(&b->g, b->used_seen);
	__atomic_thread_fence(__ATOMIC_RELEASE);
	put16(b->g.mem + FG_AVAIL + 2, b->g.avail_idx);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	event = fg_avail_event(&b->g);
	b->t_submit = now_ns();
	/* vring_need_event(), as virtqueue_kick_prepare() asks it. */
	if ((uint16_t)(b->g.avail_idx - event - 1) <
	    (uint16_t)(b->g.avail_idx - old)) {
		uint64_t one = 1;

		if (write(b->p.kick, &one, 8) != 8)
			die("%s: kick: %s", b->name, strerror(errno));
	}
}

static void check_seg(struct lg *lg, struct lbus *b, unsigned int i,
		      bool failed)
{
	const struct mix_seg *s = &b->cur->seg[i];
	uint8_t st = *slot_mem(b, b->slot[i], SLOT_STATUS);
	uint8_t want = failed ? VIRTIO_I2C_MSG_ERR : VIRTIO_I2C_MSG_OK;
	const uint8_t *got = slot_mem(b, b->slot[i], SLOT_BUF);
	unsigned int j;

	if (st != want) {
		fprintf(stderr, "%s tx %llu seg %u: status %u, want %u\n",
			b->name, (unsigned long long)b->next - 1, i, st, want);
		lg->errors++;
		return;
	}
	if (!s->read || failed)
		return;
	for (j = 0; j < s->len; j++)
		if (got[j] != s->data[j]) {
			fprintf(stderr, "%s tx %llu seg %u byte %u: %02x, "
				"want %02x\n", b->name,
				(unsigned long long)b->next - 1, i, j, got[j],
				s->data[j]);
			lg->errors++;
			return;
		}
}

/*
 * Take what the daemon put in the used ring. Returns true once the
 * transaction in flight is complete (then it is checked).
 */
static bool reap(struct lg *lg, struct lbus *b)
{
	uint16_t used = fg_used_idx(&b->g);
	bool failed = false;
	unsigned int i;

	__atomic_thread_fence(__ATOMIC_ACQUIRE);
	while (b->used_seen != used && b->pending) {
		uint32_t id = fg_used_id(&b->g, b->used_seen);
		unsigned int k = b->cur->nsegs - b->pending;

		if (id != b->slot[k]) {
			fprintf(stderr, "%s: used id %u, want %u (order)\n",
				b->name, id, b->slot[k]);
			lg->errors++;
		}
		b->used_seen++;
		b->pending--;
	}
	if (b->pending)
		return false;
	for (i = 0; i < b->cur->nsegs; i++) {
		failed |= b->cur->seg[i].nack;
		check_seg(lg, b, i, failed);
	}
	return true;
}

static const struct mix_tx *stream(const struct lg *lg, uint64_t k)
{
	const struct mix *m = lg->mix;

	if (k < m->nsetup)
		return &m->tx[k];
	return &m->tx[m->nsetup + (k - m->nsetup) % m->nbody];
}

static void note_late(struct lg *lg, struct lbus *b, uint64_t done)
{
	int64_t late = (int64_t)(done - b->t_submit) -
		       (int64_t)mix_bus_ns(b->cur, lg->hz);

	if (lg->nlate == lg->caplate) {
		lg->caplate = lg->caplate ? 2 * lg->caplate : 4096;
		lg->late = realloc(lg->late, lg->caplate * sizeof(*lg->late));
		if (!lg->late)
			die("out of memory");
	}
	lg->late[lg->nlate++] = late;
}

/*
 * Run stream positions [from, to) on every bus. serial: one transaction
 * in flight on the whole board, bus after bus (the same steps every run:
 * what callgrind counts); else every bus at once, one in flight each (as
 * the guest does with one transfer per adapter).
 */
static void run(struct lg *lg, uint64_t from, uint64_t to, bool serial,
		bool measure)
{
	struct epoll_event ev[LOAD_MAX_BUSES];
	unsigned int i, active = 0, cursor = 0;
	int ep = epoll_create1(EPOLL_CLOEXEC), n, k;
	uint64_t v;

	if (ep < 0)
		die("epoll: %s", strerror(errno));
	for (i = 0; i < lg->nbus; i++) {
		struct epoll_event e = { .events = EPOLLIN, .data.u32 = i };

		lg->bus[i].next = from;
		lg->bus[i].end = to;
		lg->bus[i].cur = NULL;
		if (epoll_ctl(ep, EPOLL_CTL_ADD, lg->bus[i].p.call, &e) < 0)
			die("epoll_ctl: %s", strerror(errno));
		if (from < to)
			active++;
	}
	if (serial && active) {
		struct lbus *b = &lg->bus[0];

		submit(b, stream(lg, b->next++));
	} else {
		for (i = 0; i < lg->nbus; i++)
			if (from < to)
				submit(&lg->bus[i],
				       stream(lg, lg->bus[i].next++));
	}
	while (active) {
		n = epoll_wait(ep, ev, LOAD_MAX_BUSES, TIMEOUT_MS);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			die("no completion in %d ms: the daemon hangs",
			    TIMEOUT_MS);
		for (k = 0; k < n; k++) {
			struct lbus *b = &lg->bus[ev[k].data.u32];
			uint64_t t;

			if (read(b->p.call, &v, 8) != 8 || !b->cur ||
			    !reap(lg, b))
				continue;
			t = now_ns();
			if (measure)
				note_late(lg, b, t);
			b->cur = NULL;
			if (serial) {
				/* Next bus; a new round once every bus went. */
				cursor = (cursor + 1) % lg->nbus;
				b = &lg->bus[cursor];
				if (b->next == b->end) {
					active = 0;
					break;
				}
				submit(b, stream(lg, b->next++));
			} else if (b->next < b->end) {
				submit(b, stream(lg, b->next++));
			} else {
				active--;
			}
		}
	}
	close(ep);
}

/* The daemon's counters of every bus against what the mix sent. */
static void check_counters(struct lg *lg, uint64_t ntx)
{
	uint64_t tx = 0, bytes = 0, segs = 0, nacks = 0, k;
	char *buf = malloc(65536), *line;
	unsigned int i;

	for (k = 0; k < ntx; k++) {
		const struct mix_tx *t = stream(lg, k);

		tx++;
		bytes += mix_bytes(t);
		segs += t->nsegs;
		nacks += t->seg[t->nsegs - 1].nack;
	}
	control(lg->ctl, "counters", buf, 65536);
	for (i = 0; i < lg->nbus; i++) {
		char key[40];

		snprintf(key, sizeof(key), "%s ", lg->bus[i].name);
		line = strstr(buf, key);
		if (!line || field(line, "transactions=") != tx ||
		    field(line, "bytes=") != bytes ||
		    field(line, "segments=") != segs ||
		    field(line, "nacks=") != nacks) {
			fprintf(stderr, "%s: counters differ from the mix: "
				"want transactions=%llu bytes=%llu "
				"segments=%llu nacks=%llu, have %.*s\n",
				lg->bus[i].name, (unsigned long long)tx,
				(unsigned long long)bytes,
				(unsigned long long)segs,
				(unsigned long long)nacks,
				line ? (int)strcspn(line, "\n") : 4,
				line ? line : "none");
			lg->errors++;
		}
	}
	free(buf);
}

static int cmp64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return x < y ? -1 : x > y;
}

static void usage(FILE *f)
{
	fprintf(f,
"usage: loadgen board BUSES CHIPS [HZ]\n"
"       loadgen floor N [HOLD_NS]\n"
"       loadgen run --daemon PATH --dtb FILE --dir DIR [--log FILE]\n"
"                   [--paced] [--hz HZ] [--serial] [--repeat N]\n"
"                   [--callgrind OUT] [--tag TEXT] MIX\n"
"run: starts the daemon in DIR, runs MIX's set-up once and its body N\n"
"times on every bus of the board (--serial: one transaction in flight\n"
"on the whole board; else one per bus, all buses at once), checks every\n"
"reply and the daemon's counters, prints one `result` line.\n");
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "daemon", required_argument, NULL, 'd' },
		{ "dtb", required_argument, NULL, 'b' },
		{ "dir", required_argument, NULL, 'D' },
		{ "log", required_argument, NULL, 'l' },
		{ "paced", no_argument, NULL, 'p' },
		{ "hz", required_argument, NULL, 'z' },
		{ "serial", no_argument, NULL, 's' },
		{ "repeat", required_argument, NULL, 'n' },
		{ "callgrind", required_argument, NULL, 'c' },
		{ "tag", required_argument, NULL, 't' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *daemon = NULL, *dtb = NULL, *dir = NULL, *log = NULL;
	const char *cg = NULL, *tag = "-";
	char ready[PATH_MAX], ctl_path[PATH_MAX] = "", out[PATH_MAX];
	char cgopt[PATH_MAX + 32], err[256];
	uint64_t cpu0, cpu1, tx0, tx1, t0, t1, ntx;
	bool serial = false;
	static struct lg lg;
	struct mix mix;
	char *av[32];
	int o, ac = 0, status;
	unsigned int i;

	if (argc >= 4 && !strcmp(argv[1], "board")) {
		make_board(atoi(argv[2]), atoi(argv[3]),
			   argc > 4 ? (uint32_t)atoi(argv[4]) : 1000000);
		return 0;
	}
	if (argc >= 3 && !strcmp(argv[1], "floor"))
		return floor_run(strtoull(argv[2], NULL, 10),
				 argc > 3 ? strtoull(argv[3], NULL, 10) : 0);
	if (argc < 2 || strcmp(argv[1], "run")) {
		usage(stderr);
		return 2;
	}
	lg.repeat = 1;
	lg.hz = 1000000;
	optind = 2;
	while ((o = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (o) {
		case 'd': daemon = optarg; break;
		case 'b': dtb = optarg; break;
		case 'D': dir = optarg; break;
		case 'l': log = optarg; break;
		case 'p': lg.paced = true; break;
		case 'z': lg.hz = strtoul(optarg, NULL, 10); break;
		case 's': serial = true; break;
		case 'n': lg.repeat = strtoull(optarg, NULL, 10); break;
		case 'c': cg = optarg; break;
		case 't': tag = optarg; break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (optind != argc - 1 || !daemon || !dtb || !dir) {
		usage(stderr);
		return 2;
	}
	if (mix_load(&mix, argv[optind], err, sizeof(err)) < 0)
		die("%s", err);
	lg.mix = &mix;
	signal(SIGPIPE, SIG_IGN);
	mkdir(dir, 0755);

	snprintf(ready, sizeof(ready), "%s/ready", dir);
	snprintf(out, sizeof(out), "%s/daemon.out", dir);
	unlink(ready);
	if (cg) {
		av[ac++] = "valgrind";
		av[ac++] = "--tool=callgrind";
		av[ac++] = "-q";
		snprintf(cgopt, sizeof(cgopt), "--callgrind-out-file=%s", cg);
		av[ac++] = cgopt;
	}
	av[ac++] = (char *)daemon;
	av[ac++] = "--dtb";
	av[ac++] = (char *)dtb;
	av[ac++] = "--sock-dir";
	av[ac++] = (char *)dir;
	av[ac++] = "--control";
	snprintf(ctl_path, sizeof(ctl_path), "%s/control.sock", dir);
	av[ac++] = ctl_path;
	av[ac++] = "--ready-file";
	av[ac++] = ready;
	if (log) {
		av[ac++] = "--log";
		av[ac++] = (char *)log;
	}
	if (lg.paced)
		av[ac++] = "--paced";
	av[ac] = NULL;
	lg.pid = spawn(av, out);
	wait_ready(&lg, ready, ctl_path, cg ? 120 : 20);
	lg.ctl = unix_connect(ctl_path);
	for (i = 0; i < lg.nbus; i++)
		connect_bus(&lg.bus[i]);

	/* Set-up once, not measured; then the body, repeat times. */
	run(&lg, 0, mix.nsetup, serial, false);
	ntx = mix.nsetup + lg.repeat * mix.nbody;
	cpu(&lg, &cpu0, &tx0);
	t0 = now_ns();
	run(&lg, mix.nsetup, ntx, serial, true);
	t1 = now_ns();
	cpu(&lg, &cpu1, &tx1);
	check_counters(&lg, ntx);
	if (log) {
		char buf[64];

		control(lg.ctl, "flush", buf, sizeof(buf));
	}

	for (i = 0; i < lg.nbus; i++)
		vuf_peer_free(&lg.bus[i].p);
	close(lg.ctl);
	kill(lg.pid, SIGTERM);
	if (waitpid(lg.pid, &status, 0) != lg.pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status)) {
		fprintf(stderr, "loadgen: the daemon did not exit cleanly "
			"(see %s)\n", out);
		lg.errors++;
	}

	qsort(lg.late, lg.nlate, sizeof(*lg.late), cmp64);
	printf("result tag=%s mix=%s buses=%u mode=%s log=%d paced=%d hz=%u "
	       "tx=%llu cpu_ns=%llu wall_ns=%llu",
	       tag, mix.name, lg.nbus, serial ? "serial" : "parallel",
	       log != NULL, lg.paced, lg.hz,
	       (unsigned long long)(tx1 - tx0),
	       (unsigned long long)(cpu1 - cpu0),
	       (unsigned long long)(t1 - t0));
	if (lg.paced && lg.nlate)
		printf(" late_p50_ns=%lld late_p99_ns=%lld",
		       (long long)lg.late[lg.nlate / 2],
		       (long long)lg.late[lg.nlate * 99 / 100]);
	printf(" errors=%u\n", lg.errors);
	free(lg.late);
	mix_free(&mix);
	return lg.errors ? 1 : 0;
}
