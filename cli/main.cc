// The `feldherr` executable (docs/cli.md).
#include "cli/cli.h"

#ifdef FELDHERR_MIMALLOC
#include <mimalloc.h>
#endif

int main(int argc, char** argv) {
#ifdef FELDHERR_MIMALLOC
  // A call into mimalloc keeps it linked (the linker drops unused libraries), so that it
  // replaces malloc for the whole process (cli/CMakeLists.txt).
  (void)mi_version();
#endif
  return feldherr::cli::main_entry(argc, argv);
}
