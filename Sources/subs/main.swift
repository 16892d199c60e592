import CProcess
import SubsCLI

// A page faulted in costs about 2.5 µs on the machine `make bench` runs on, and a block in a
// mapping of its own is faulted in afresh each time: kept in the heap, a block freed is used
// again (unless it lies at the heap's top, which glibc trims). Over 100,000 subscriptions `list`
// took 4% less time and `upcoming` 7%. The heap's first megabytes come in huge pages: a list of
// 1,000 faulted in 400 pages fewer, 0.7 µs a subscription (docs/speed.md).
subs_prepare_heap()
Subs.runAsMain()
