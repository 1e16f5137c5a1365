//go:build !unix

package main

const canInterruptSelf = false

func interruptSelf() {}
