#!/bin/sh
# kernel-config.sh TREE OUT FRAGMENT...: the kernel's configuration in OUT:
# allnoconfig + every fragment given, then check that each option the
# fragments ask for is in the final .config. Kconfig silently drops an
# option whose dependencies are not met; this makes that loud.
case ${1:-} in -h|--help)	# the header above is the usage
	awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"
	exit 0 ;;
esac
set -eu
SRC=${1:?usage: kernel-config.sh TREE OUT FRAGMENT...}
OUT=$2
shift 2
K="make -s -C $SRC O=$OUT ARCH=arm CROSS_COMPILE=arm-linux-gnueabihf-"

$K allnoconfig >/dev/null
"$SRC/scripts/kconfig/merge_config.sh" -m -O "$OUT" "$OUT/.config" "$@" \
	>"$OUT/merge_config.log" 2>&1
$K olddefconfig >/dev/null

# A later fragment overrides an earlier one (as merge_config does), so
# only the last value asked for an option is checked.
sed -n 's/^\(CONFIG_[A-Za-z0-9_]*\)=\(.*\)$/\1=\2/p;
	s/^# \(CONFIG_[A-Za-z0-9_]*\) is not set$/\1=n/p' "$@" |
awk -F= '{ v[$1] = $2; if (!($1 in seen)) { seen[$1] = 1; o[n++] = $1 } }
	END { for (i = 0; i < n; i++) print o[i] "=" v[o[i]] }' |
while IFS='=' read -r opt val; do
	if [ "$val" = n ]; then
		! grep -q "^$opt=" "$OUT/.config" || echo "$opt=n"
	else
		grep -qx "$opt=$val" "$OUT/.config" || echo "$opt=$val"
	fi
done > "$OUT/missing-options"
if [ -s "$OUT/missing-options" ]; then
	echo "kernel config: requested options not in the final .config:" >&2
	sed 's/^/Missing: /' "$OUT/missing-options" >&2
	exit 1
fi
echo "kernel config: all $(cat "$@" | grep -c '^CONFIG_\|^# CONFIG_.* is not set') requested options present"
