# Shared by the script tests of tests/arimaa (sourced, not run): each sets `fail` to 0 first.

# refused <what> <expected text> <command...>: the command must exit non-zero and print (on
# stdout or stderr) a message holding the expected text; otherwise says which and sets fail=1.
refused() {
    local what=$1 text=$2
    shift 2
    out=$("$@" 2>&1)
    status=$?
    [ $status -ne 0 ] || { echo "$what: exit status 0"; fail=1; }
    case $out in *"$text"*) ;; *) echo "$what: $out"; fail=1 ;; esac
}
