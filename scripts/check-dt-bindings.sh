#!/bin/sh
# check-dt-bindings.sh TREE OUT [BASE]: the DT binding YAML files that
# TREE's commits since BASE (default: tag base) add or change, through
# the kernel's own checks: yamllint with its
# Documentation/devicetree/bindings/.yamllint, then dt_binding_check
# (dt-schema) in OUT. Debian 12 cannot give dt_binding_check a dt-schema
# it accepts: its dt-schema is 2022.08, older than the minimum of the
# bindings' Makefile (2023.9 on 6.12, 2024.4 on 7.3), and trixie-
# backports' 2025.08 needs python3-jsonschema 4.18 with referencing,
# which Debian 12 does not have. Then that step says "skipped" and why.
case ${1:-} in -h|--help)	# the header above is the usage
	awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"
	exit 0 ;;
esac
set -eu
SRC=${1:?usage: check-dt-bindings.sh TREE OUT [BASE]}
OUT=$2
BASE=${3:-base}
D=Documentation/devicetree/bindings

files=$(git -C "$SRC" diff --name-only --diff-filter=AM "$BASE" HEAD -- \
	"$D/*.yaml")
if [ -z "$files" ]; then
	echo "dt-bindings: the series adds or changes no DT binding"
	exit 0
fi
n=$(echo "$files" | wc -l)
mkdir -p "$OUT"

command -v yamllint >/dev/null || {
	echo "dt-bindings: yamllint not installed (Debian package yamllint, scripts/deps.sh)" >&2
	exit 1
}
if ! (cd "$SRC" && yamllint -f parsable -c "$D/.yamllint" $files) \
	> "$OUT/yamllint.log" 2>&1 || [ -s "$OUT/yamllint.log" ]; then
	cat "$OUT/yamllint.log"
	echo "dt-bindings: yamllint: the series' bindings are not clean"
	exit 1
fi
echo "dt-bindings: yamllint clean on $n binding(s):" $files

min=$(sed -n 's/^DT_SCHEMA_MIN_VERSION *= *//p' "$SRC/$D/Makefile")
if ! command -v dt-doc-validate >/dev/null; then
	echo "dt-bindings: dt-schema skipped: no dt-schema" \
	     "(dt_binding_check needs v$min or later; Debian 12 has none that new)"
	exit 0
fi
v=$(dt-doc-validate --version)
if ! printf '%s\n%s\n' "$min" "$v" | sort -VC; then
	echo "dt-bindings: dt-schema skipped: dt-schema $v is older than" \
	     "v$min, the minimum of this kernel's dt_binding_check"
	exit 0
fi
# DT_SCHEMA_FILES: the bindings given, relative to the bindings folder.
if ! make -C "$SRC" O="$OUT" ARCH=arm dt_binding_check \
	DT_SCHEMA_FILES="$(echo "$files" | sed "s#^$D/##" | paste -sd:)" \
	> "$OUT/dt_binding_check.log" 2>&1 ||
   grep -q 'warning\|error' "$OUT/dt_binding_check.log"; then
	grep 'warning\|error' "$OUT/dt_binding_check.log" | head -n 20
	echo "dt-bindings: dt_binding_check FAILED, see $OUT/dt_binding_check.log"
	exit 1
fi
echo "dt-bindings: dt_binding_check (dt-schema $v) clean on $n binding(s)"
