# Sourced: the fewest bus transactions (frames) one get_multiple() or
# set_multiple() call on MASK (bit N = line N) can cost on a part, and
# what its driver costs with the series, as the catalogue of parts says
# (catalogue/parts.tsv of the repository, here as parts.tsv: its header
# says what the columns mean, catalogue/README.md why).
# 31-driver-minimum asserts that each driver reaches the minimum; the
# bench's per-driver table (../bench/run-minimum, bench/minreport.py)
# shows it beside the measured cost.
CATALOGUE=${CATALOGUE:-/usr/lib/gpio-suite/parts.tsv}

# cat_field PART COLUMN -> that cell of PART's row (tab-separated; the
# first line that is no comment names the columns)
cat_field() {
	awk -F'\t' -v part="$1" -v col="$2" '
		/^#/ || NF == 0 { next }
		!c { for (i = 1; i <= NF; i++) if ($i == col) c = i; next }
		$1 == part { print $c; exit }' "$CATALOGUE"
}

groups() {	# MASK -> number of 8-line groups it touches
	local m=$(($1)) g=0
	while [ "$m" -ne 0 ]; do
		[ $((m & 0xff)) -ne 0 ] && g=$((g + 1))
		m=$((m >> 8))
	done
	echo $g
}

# cost RULE MASK: a number, - (no such operation), or a rule in g, the
# 8-line groups of MASK (g, g+1, 2*g: one access per port, register or
# address group)
cost() {
	case $1 in
	*g*) echo $(($(echo "$1" | sed "s/g/$(groups "$2")/"))) ;;
	*) echo "$1" ;;
	esac
}

# tx_min PART get|set MASK -> the minimum for one operation on MASK
tx_min() {
	cost "$(cat_field "$1" "$2_min")" "$3"
}

# tx_series PART get|set MASK -> what the driver does with the series
tx_series() {
	cost "$(cat_field "$1" "block_$2")" "$3"
}
