#!/bin/bash
# slurm-local.sh start|stop DIR: a one-node Slurm on localhost, all of it
# under DIR: munged (key, socket, pid, log), slurmctld and slurmd with
# DIR/slurm.conf (SlurmUser=root, no accounting database, state, spool
# and logs in DIR, ports SLURM_LOCAL_PORT and the next one, default
# 26817: not Slurm's standard 6817/6818). For make test
# (scripts/test-slurm.sh) and for trying make bench CLUSTER=slurm on one
# machine; a real cluster has its own (docs/cluster.md).
#   start  starts the three daemons, waits (at most 60 s) until the node
#          takes jobs, prints the SLURM_CONF line to export
#   stop   cancels the jobs left, stops the daemons by their pid files
#          (SIGTERM, SIGKILL after 10 s), fails if one of DIR's remains
# Runs as root (SlurmUser=root; slurmd starts jobs as their user).
case ${1:-} in -h|--help)	# the header above is the usage
	awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"
	exit 0 ;;
esac
set -u
CMD=${1:?usage: slurm-local.sh start|stop DIR}
D=${2:?usage: slurm-local.sh start|stop DIR}
mkdir -p "$D" && D=$(cd "$D" && pwd) || exit 2
PORT=${SLURM_LOCAL_PORT:-26817}
CONF=$D/slurm.conf
export SLURM_CONF=$CONF
die() { echo "slurm-local: $*" >&2; exit 2; }

# ours: the pids of this DIR's daemons: munged, slurmctld or slurmd
# whose command line names DIR (munged's socket, the others' -f).
ours() { pgrep -f -- "^(munged|slurmctld|slurmd) .*$D/" || true; }

stop_pid() {	# NAME PIDFILE
	local p
	p=$(cat "$2" 2>/dev/null) || return 0
	case $p in ''|*[!0-9]*) return 0 ;; esac
	kill "$p" 2>/dev/null || return 0
	for _ in $(seq 50); do
		kill -0 "$p" 2>/dev/null || return 0
		sleep 0.2
	done
	echo "slurm-local: $1 ($p) ignored SIGTERM for 10 s: SIGKILL" >&2
	kill -9 "$p" 2>/dev/null
}

case $CMD in
start)
	for c in munged mungekey slurmctld slurmd sinfo; do
		command -v $c >/dev/null || die "$c is missing: Debian's slurm-wlm and munge (make deps)"
	done
	[ "$(id -u)" = 0 ] || die "needs root (SlurmUser=root)"
	[ -z "$(ours)" ] && [ ! -e "$D/slurmctld.pid" ] ||
		die "$D already has a Slurm ($(ours | tr '\n' ' ')): slurm-local.sh stop $D first"
	for p in "$PORT" $((PORT + 1)); do
		(exec 3<>/dev/tcp/127.0.0.1/$p) 2>/dev/null &&
			die "port $p on localhost is taken: set SLURM_LOCAL_PORT to another"
	done
	rm -rf "$D"/{munge,state,spool,log}
	mkdir -p "$D"/{munge,state,spool,log} && chmod 700 "$D/munge" || exit 2
	mungekey --create --keyfile="$D/munge/munge.key" >/dev/null 2>&1 ||
		die "mungekey could not make $D/munge/munge.key"
	SOCK=$D/munge/munge.socket
	munged --socket="$SOCK" --key-file="$D/munge/munge.key" \
		--pid-file="$D/munge/munged.pid" --log-file="$D/log/munged.log" \
		--seed-file="$D/munge/munged.seed" --force 2> "$D/log/munged.err" ||
		die "munged did not start: $(cat "$D/log/munged.err")"
	cpus=$(nproc)
	cat > "$CONF" <<-EOF2
	# scripts/slurm-local.sh: a one-node Slurm on localhost, all under $D
	ClusterName=expanderbench
	SlurmctldHost=localhost
	SlurmctldPort=$PORT
	SlurmdPort=$((PORT + 1))
	SlurmUser=root
	SlurmdUser=root
	AuthType=auth/munge
	CredType=cred/munge
	AuthInfo=socket=$SOCK
	StateSaveLocation=$D/state
	SlurmdSpoolDir=$D/spool
	SlurmctldPidFile=$D/slurmctld.pid
	SlurmdPidFile=$D/slurmd.pid
	SlurmctldLogFile=$D/log/slurmctld.log
	SlurmdLogFile=$D/log/slurmd.log
	AccountingStorageType=accounting_storage/none
	JobAcctGatherType=jobacct_gather/none
	JobCompType=jobcomp/none
	ProctrackType=proctrack/linuxproc
	TaskPlugin=task/none
	SchedulerType=sched/backfill
	SelectType=select/cons_tres
	SelectTypeParameters=CR_Core
	ReturnToService=2
	MpiDefault=none
	SlurmctldTimeout=30
	SlurmdTimeout=60
	InactiveLimit=0
	KillWait=10
	NodeName=localhost NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
	PartitionName=bench Nodes=localhost Default=YES MaxTime=INFINITE State=UP
	EOF2
	slurmctld -f "$CONF" 2> "$D/log/slurmctld.err" ||
		die "slurmctld did not start: $(tail -n 5 "$D/log/slurmctld.err" "$D/log/slurmctld.log" 2>/dev/null)"
	slurmd -f "$CONF" -N localhost 2> "$D/log/slurmd.err" ||
		die "slurmd did not start: $(tail -n 5 "$D/log/slurmd.err" "$D/log/slurmd.log" 2>/dev/null)"
	for _ in $(seq 120); do
		st=$(timeout 10 sinfo -h -n localhost -o %T 2>/dev/null)
		case $st in idle*|mixed*|allocated*) break ;; esac
		sleep 0.5
	done
	case $st in idle*|mixed*|allocated*) ;;
	*) die "the node is '${st:-not answering}' after 60 s (logs in $D/log)" ;;
	esac
	echo "slurm-local: up ($cpus CPUs, port $PORT); export SLURM_CONF=$CONF"
	;;
stop)
	if [ -e "$CONF" ] && [ -e "$D/slurmctld.pid" ]; then
		timeout 30 scancel --full --partition=bench 2>/dev/null
		timeout 30 scancel --partition=bench 2>/dev/null
		for _ in $(seq 30); do
			[ -z "$(timeout 10 squeue -h -o %i 2>/dev/null)" ] && break
			sleep 1
		done
	fi
	stop_pid slurmd "$D/slurmd.pid"
	stop_pid slurmctld "$D/slurmctld.pid"
	stop_pid munged "$D/munge/munged.pid"
	rm -f "$D/slurmd.pid" "$D/slurmctld.pid"
	left=$(ours)
	if [ -n "$left" ]; then
		kill -9 $left 2>/dev/null
		die "left running, now killed: $(ps -o pid=,args= -p "${left//$'\n'/,}" 2>/dev/null)"
	fi
	echo "slurm-local: stopped ($D)"
	;;
*)	die "$CMD: want start or stop" ;;
esac
