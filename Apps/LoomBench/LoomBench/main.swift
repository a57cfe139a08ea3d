// `loom-bench`: Loom's benchmark. Run it in release mode:
//
//   swift run -c release loom-bench [--quick] [--filter <prefix>] [--alloc-probe <N>]
//
// It prints a table, then (as its last line) one JSON object with every case's median ns/op and
// its ratio to a baseline measured in the same run. See BENCHMARKS.md at the repository root.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

exit(Bench.main(arguments: Array(CommandLine.arguments.dropFirst())))
