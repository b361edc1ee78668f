# tests/cli/processes.sh, sourced: finding a test's own processes.
#
# descendants NAME PID: the ids of the processes called NAME below process PID (children,
# grandchildren, ...), in increasing order. A test signals these, never every process of that
# name: another xcount or mpirun on the machine (a user's week-long count) is not the test's.
descendants() {
    ps -eo pid=,ppid=,comm= | awk -v name="$1" -v root="$2" '
        { parent[$1] = $2; command[$1] = $3 }
        END {
            for (p in command) {
                if (command[p] != name) continue
                q = p
                while (q != root && (q in parent) && q > 1) q = parent[q]
                if (q == root) print p
            }
        }' | sort -n
}
