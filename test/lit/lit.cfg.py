# -*- Python -*-
# lit configuration for adgen. Run through the generated site config:
#   lit -sv build/test/lit
#
# RUN-line substitutions:
#   adgen             the adgen binary under test
#   FileCheck, not    from the LLVM tools dir
#   %cxx              g++ -std=c++17 -O1 -Wall -Wextra -Werror -DADGEN_CHECKS
#                     -I<runtime include> (size() clauses checked at run time)
#                     (generated code must compile warning-free)
#   %nvcc             nvcc -std=c++17 -I<runtime include>   (REQUIRES: nvcc)
#   %fd_main          finite-difference test driver (empty for now)
#   %src_root         the source tree root (e.g. %src_root/examples/...)
#   %runtime_include  the runtime include dir
# Every adgen run verifies the IR after each pass (ADGEN_VERIFY_EACH=1, as
# --verify-each does).
# Features: `nvcc` when nvcc was found at configure time; `root` when the
# tests run as root.

import os
import re

import lit.formats
import lit.util

config.name = "adgen"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cpp", ".cu"]
# Helper inputs and tools are not tests; neither are the config files.
config.excludes = ["Inputs", "tools", "lit.cfg.py", "lit.site.cfg.py",
                   "lit.site.cfg.py.in", "CMakeLists.txt"]

config.test_source_root = os.path.dirname(os.path.abspath(__file__))

if not hasattr(config, "adgen_obj_root"):
    lit_config.fatal("run lit on the build tree (build/test/lit), which holds "
                     "the generated lit.site.cfg.py, not on the source tree")
config.test_exec_root = os.path.join(config.adgen_obj_root, "test", "lit")

# The IR is checked after every pass of every run, not only after the last.
config.environment["ADGEN_VERIFY_EACH"] = "1"

# FileCheck and not come from the LLVM tools dir; keep it first on PATH.
config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", "")])


def tool_path(name):
    path = os.path.join(config.llvm_tools_dir, name)
    if not os.access(path, os.X_OK):
        found = lit.util.which(name, config.environment["PATH"])
        if not found:
            lit_config.fatal("cannot find '%s' (looked in %s and PATH)"
                             % (name, config.llvm_tools_dir))
        path = found
    return path


def bare_word(name):
    # Match `name` as a command word only: not inside a path, a file name, an
    # option value or another identifier (e.g. /src/adgen/x, adgen.cpp, %adgen).
    return r"(?<![-./=%\w$])" + re.escape(name) + r"(?![-./\w])"


if not os.access(config.adgen_path, os.X_OK):
    lit_config.warning("adgen binary not found at %s" % config.adgen_path)

runtime_inc = config.adgen_runtime_include
cxx = "g++ -std=c++17 -O1 -Wall -Wextra -Werror -DADGEN_CHECKS -I%s" % runtime_inc

# Order matters: lit applies substitutions in list order, and the %-forms
# expand to paths that must not be rewritten by the bare-word ones after them,
# so the bare words go first.
config.substitutions.append((bare_word("adgen"), config.adgen_path))
config.substitutions.append((bare_word("FileCheck"), tool_path("FileCheck")))
config.substitutions.append((bare_word("not"), tool_path("not")))
config.substitutions.append(("%cxx", cxx))
config.substitutions.append(("%fd_main", ""))
config.substitutions.append(("%src_root", config.adgen_src_root))
config.substitutions.append(("%runtime_include", runtime_inc))

# Tests that need root (mknod a device) say `REQUIRES: root`.
if os.geteuid() == 0:
    config.available_features.add("root")

if config.nvcc_path:
    config.available_features.add("nvcc")
    config.substitutions.append(
        ("%nvcc", "%s -std=c++17 -I%s" % (config.nvcc_path, runtime_inc)))
else:
    # Tests using %nvcc must say `REQUIRES: nvcc`; fail loudly if one forgets.
    config.substitutions.append(("%nvcc", "false nvcc-not-found"))
