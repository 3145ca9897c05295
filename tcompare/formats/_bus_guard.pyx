# cython: language_level=3
"""A memory-mapped file that is truncated while it is read must not kill the process.

Touching a page of a mapping past the file's new end raises SIGBUS, whose default action
ends the process (exit 135, no message).  `watch(mapping)` registers a mapping's address
range and installs a SIGBUS handler (SA_SIGINFO): a fault inside a watched range maps an
anonymous page of zeros over the faulting page (``mmap(MAP_FIXED)``), counts the fault and
returns, so the access is retried and reads zeros; the scorer goes on with garbage, and the
caller, which asks `faults(slot)` after each block, reports the file as changed and throws
the results away.  A fault outside every watched range restores the previous handler and
returns, so it is raised again and handled as before (Python's faulthandler, or the default
action).  `unwatch(slot)` forgets a range; the previous handler is back once none is left.

Only the kernel's plain memory reads are retried this way; the handler calls nothing but
``mmap`` and ``sigaction`` (system calls).
"""

cdef extern from *:
    """
    #include <signal.h>
    #include <string.h>
    #include <stdint.h>
    #include <sys/mman.h>
    #include <unistd.h>

    #define TC_SLOTS 32
    static uintptr_t tc_lo[TC_SLOTS], tc_hi[TC_SLOTS];
    static volatile sig_atomic_t tc_hits[TC_SLOTS];
    static struct sigaction tc_previous;
    static int tc_installed = 0;
    static uintptr_t tc_page = 4096;

    static void tc_on_sigbus(int sig, siginfo_t *info, void *context) {
        uintptr_t a = (uintptr_t)info->si_addr;
        int k;
        (void)sig; (void)context;
        for (k = 0; k < TC_SLOTS; k++) {
            if (tc_hi[k] && a >= tc_lo[k] && a < tc_hi[k]) {
                void *page = (void *)(a & ~(tc_page - 1));
                if (mmap(page, tc_page, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED,
                         -1, 0) != MAP_FAILED) {
                    tc_hits[k]++;
                    return;
                }
                break;
            }
        }
        /* not ours (or no page could be put there): as it was before */
        sigaction(SIGBUS, &tc_previous, NULL);
        tc_installed = 0;
    }

    static int tc_install(void) {
        struct sigaction action;
        if (tc_installed)
            return 0;
        tc_page = (uintptr_t)sysconf(_SC_PAGESIZE);
        memset(&action, 0, sizeof action);
        action.sa_sigaction = tc_on_sigbus;
        action.sa_flags = SA_SIGINFO | SA_NODEFER;
        sigemptyset(&action.sa_mask);
        if (sigaction(SIGBUS, &action, &tc_previous) != 0)
            return -1;
        tc_installed = 1;
        return 0;
    }

    static void tc_uninstall(void) {
        if (tc_installed) {
            sigaction(SIGBUS, &tc_previous, NULL);
            tc_installed = 0;
        }
    }
    """
    int TC_SLOTS
    size_t tc_lo[32]
    size_t tc_hi[32]
    int tc_hits[32]
    int tc_install()
    void tc_uninstall()


def watch(const unsigned char[:] mapping):
    """Register a mapping's bytes (an `mmap.mmap`, or a memoryview of one); returns its slot.

    Raises OSError when the handler cannot be installed and RuntimeError when every slot
    is taken."""
    cdef Py_ssize_t n = mapping.shape[0]
    cdef int k
    if n == 0:
        raise ValueError("an empty mapping")
    for k in range(TC_SLOTS):
        if tc_hi[k] == 0:
            break
    else:
        raise RuntimeError("too many mappings watched")
    if tc_install() != 0:
        raise OSError("cannot install the SIGBUS handler")
    tc_hits[k] = 0
    tc_lo[k] = <size_t>&mapping[0]
    tc_hi[k] = <size_t>&mapping[0] + <size_t>n
    return k


def faults(int slot):
    """How many pages of the mapping in `slot` read past the file's end since `watch`."""
    return tc_hits[slot]


def unwatch(int slot):
    """Forget `slot`; the previous SIGBUS handler is back when no mapping is watched."""
    cdef int k
    tc_lo[slot] = 0
    tc_hi[slot] = 0
    for k in range(TC_SLOTS):
        if tc_hi[k]:
            return
    tc_uninstall()
