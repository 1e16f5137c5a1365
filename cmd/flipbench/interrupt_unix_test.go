//go:build unix

package main

import (
	"os"
	"syscall"
)

const canInterruptSelf = true

// interruptSelf sends this process SIGINT, as Ctrl-C does.
func interruptSelf() { syscall.Kill(os.Getpid(), syscall.SIGINT) }
