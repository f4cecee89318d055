// adgen's entry point: options, then the pipeline.
#include "driver/Crash.h"
#include "driver/Options.h"
#include "driver/Pipeline.h"
#include "plan/Plan.h"

#include <cstring>

int main(int argc, char **argv) {
  if (argc > 1 && !std::strcmp(argv[1], "plan"))
    return adgen::runPlan(argc - 1, argv + 1);
  adgen::Options opts;
  switch (adgen::parseOptions(argc, argv, opts)) {
  case adgen::ParseResult::Exit0:
    return 0;
  case adgen::ParseResult::Usage:
    return 2;
  case adgen::ParseResult::Run:
    break;
  }
  return adgen::runGuarded(opts.input,
                          [&] { return adgen::runPipeline(opts); });
}
