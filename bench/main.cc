// The benchmark binary's main: registers the generic engine benchmarks (engine_bench.cc) once
// the program runs, then Google Benchmark's usual command line. The other files register
// theirs during static initialisation and build their fixtures on first use.
#include <benchmark/benchmark.h>

namespace feldherr {
void RegisterEngineBenchmarks();  // engine_bench.cc
}

int main(int argc, char** argv) {
  feldherr::RegisterEngineBenchmarks();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
