package hugepage

import "golang.org/x/sys/unix"

func advise(b []byte) { _ = unix.Madvise(b, unix.MADV_HUGEPAGE) }
