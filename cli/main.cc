// The `feldherr` executable (docs/cli.md).
#include "cli/cli.h"

int main(int argc, char** argv) {
  return feldherr::cli::main_entry(argc, argv);
}
