// SPDX-License-Identifier: GPL-2.0
/*
 * test_catalogue.c - the catalogue of parts (../catalogue/parts.tsv, or
 * $CATALOGUE) against the models' registry: every row's compatibles
 * name a variant with each of the row's line counts (of the row's part,
 * unless the row is a family of differently named parts), on the bus
 * the row says, with an INT output exactly when the row's int column is
 * not "none". Only the models' API (models/chip.h, models/chip_variant.h):
 * the registry, and a chip made to read its has_irq. The board's side is
 * catalogue/tests/test_catalogue.py.
 */
#include <stdlib.h>

#include "check.h"
#include "models/chip.h"
#include "models/chip_variant.h"

#define MAX_ROWS 128
#define MAX_COLS 32
#define MAX_WORDS 8

struct row {
	char *cell[MAX_COLS];
};

static struct row rows[MAX_ROWS];
static unsigned int nrows;
static int col_part = -1, col_compat = -1, col_lines = -1, col_bus = -1,
	   col_int = -1;

static const char *catalogue_path(void)
{
	const char *p = getenv("CATALOGUE");

	/* tests/run.sh runs from expander-models/ (its Makefile). */
	return p ? p : "../catalogue/parts.tsv";
}

/* Split s at sep in place into at most max cells; their number. */
static unsigned int split(char *s, char sep, char **cells, unsigned int max)
{
	unsigned int n = 0;
	char *end;

	while (n < max) {
		cells[n++] = s;
		end = strchr(s, sep);
		if (!end)
			break;
		*end = '\0';
		s = end + 1;
	}
	return n;
}

static int column(char **head, unsigned int n, const char *name)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (!strcmp(head[i], name))
			return i;
	return -1;
}

/* Rows of the catalogue, once; 0 if it could not be read. */
static unsigned int load(void)
{
	static bool done;
	char *line = NULL, *head[MAX_COLS];
	size_t cap = 0;
	unsigned int nhead = 0;
	ssize_t len;
	FILE *f;

	if (done)
		return nrows;
	done = true;
	f = fopen(catalogue_path(), "r");
	if (!f) {
		fprintf(stderr, "  %s: cannot open\n", catalogue_path());
		return 0;
	}
	while ((len = getline(&line, &cap, f)) > 0) {
		if (line[len - 1] == '\n')
			line[len - 1] = '\0';
		if (line[0] == '#' || line[0] == '\0')
			continue;
		if (!nhead) {
			nhead = split(strdup(line), '\t', head, MAX_COLS);
			col_part = column(head, nhead, "part");
			col_compat = column(head, nhead, "compatible");
			col_lines = column(head, nhead, "lines");
			col_bus = column(head, nhead, "bus");
			col_int = column(head, nhead, "int");
			continue;
		}
		if (nrows == MAX_ROWS ||
		    split(strdup(line), '\t', rows[nrows].cell, MAX_COLS) !=
		    nhead) {
			fprintf(stderr, "  bad row: %.60s\n", line);
			nrows = 0;
			break;
		}
		nrows++;
	}
	free(line);
	fclose(f);
	if (col_part < 0 || col_compat < 0 || col_lines < 0 || col_bus < 0 ||
	    col_int < 0) {
		fprintf(stderr, "  %s: a column is missing\n", catalogue_path());
		nrows = 0;
	}
	return nrows;
}

/* The words of a cell (space-separated), in a copy. */
static unsigned int words(const char *cell, char **w)
{
	return split(strdup(cell), ' ', w, MAX_WORDS);
}

/* The variant of compat with that many lines; NULL, said, if none. */
static const struct chip_variant *variant(char **cell, const char *compat,
					  const char *lines)
{
	const struct chip_variant *v;

	v = chip_variant_find_lines(compat, atoi(lines));
	if (!v)
		fprintf(stderr, "  %s: no variant %s of %s lines\n",
			cell[col_part], compat, lines);
	return v;
}

TEST(every_row_names_a_variant)
{
	unsigned int i, c, nc, nl;
	char *compat[MAX_WORDS], *lines[MAX_WORDS];

	CHECK(load() > 0);
	for (i = 0; i < nrows; i++) {
		char **cell = rows[i].cell;
		const char *first = NULL;
		bool family = false;

		nc = words(cell[col_compat], compat);
		nl = words(cell[col_lines], lines);
		for (c = 0; c < nc * nl; c++) {
			const struct chip_variant *v =
				variant(cell, compat[c / nl], lines[c % nl]);

			CHECK(v != NULL);
			if (!v)
				continue;
			family |= first && strcmp(first, v->part);
			first = first ? first : v->part;
		}
		/* A row of one part names that part's variants. */
		if (!family && first && strcmp(first, cell[col_part])) {
			fprintf(stderr, "  %s: the model calls it %s\n",
				cell[col_part], first);
			CHECK(0);
		}
	}
}

/* fn(row, compatible, its first variant) for every compatible of a row. */
static void each_compatible(void (*fn)(char **cell, const char *compat,
				       const struct chip_variant *v))
{
	unsigned int i, c, nc;
	char *compat[MAX_WORDS];

	CHECK(load() > 0);
	for (i = 0; i < nrows; i++) {
		nc = words(rows[i].cell[col_compat], compat);
		for (c = 0; c < nc; c++) {
			const struct chip_variant *v = chip_variant_find(compat[c]);

			if (v)	/* else every_row_names_a_variant fails */
				fn(rows[i].cell, compat[c], v);
		}
	}
}

static void on_its_bus(char **cell, const char *compat,
		       const struct chip_variant *v)
{
	bool spi = !strcmp(cell[col_bus], "spi");

	if (spi ? !v->family->spi_init : !v->family->init) {
		fprintf(stderr, "  %s: %s is no %s model\n", cell[col_part],
			compat, cell[col_bus]);
		CHECK(0);
	}
}

TEST(every_row_on_its_bus)
{
	each_compatible(on_its_bus);
}

/*
 * The model of v in its power-on state: an SPI part alone on its chip
 * select, an I2C part at the first address its model takes (the models
 * refuse addresses outside the part's range).
 */
static struct chip *make(const struct chip_variant *v)
{
	struct spi_chip_cfg cfg = { .present_mask = 0x01 };
	char err[128];
	unsigned int a;
	struct chip *ch;

	if (v->family->spi_init)
		return chip_create_spi(v, &cfg, NULL, err, sizeof(err));
	for (a = 0x08; a < 0x78; a++) {
		ch = chip_create(v, a, NULL, err, sizeof(err));
		if (ch)
			return ch;
	}
	return NULL;
}

static void int_as_modelled(char **cell, const char *compat,
			    const struct chip_variant *v)
{
	bool none = !strncmp(cell[col_int], "none", 4);
	struct chip *ch = make(v);

	if (!ch) {
		fprintf(stderr, "  %s: no model made\n", compat);
		CHECK(ch != NULL);
		return;
	}
	if (ch->has_irq == none) {
		fprintf(stderr, "  %s: int \"%.20s\", the model %s\n", compat,
			cell[col_int], ch->has_irq ? "drives INT" : "has none");
		CHECK(ch->has_irq != none);
	}
	chip_destroy(ch);
}

TEST(int_column_says_what_the_model_drives)
{
	each_compatible(int_as_modelled);
}

int main(void)
{
	RUN(every_row_names_a_variant);
	RUN(every_row_on_its_bus);
	RUN(int_column_says_what_the_model_drives);
	return CHECK_DONE();
}
