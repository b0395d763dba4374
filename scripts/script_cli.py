"""What the project's Python scripts share as command-line programs."""
import os
import select
import sys


def _stdout_broken():
    """True when standard output is a pipe whose reader has gone (poll reports an error on it)."""
    poll = select.poll()
    poll.register(sys.stdout.fileno(), select.POLLOUT)
    return any(event & select.POLLERR for _, event in poll.poll(0))


def run(main):
    """Runs @p main(). A reader that closes standard output early (`| head`) ends the run quietly
    with status 141, as it ends `cat` (killed by SIGPIPE), not with a traceback. A broken pipe
    to anything else (an engine that died) is raised as before."""
    try:
        main()
        sys.stdout.flush()
    except BrokenPipeError:
        if not _stdout_broken():
            raise
        # Python flushes stdout again at exit: point it at /dev/null first.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(141)
