#!/usr/bin/env bash
# Builds a project outside adgen's tree against the INSTALLED adgen package:
#   1. cmake --install <adgen build> into a temporary prefix;
#   2. configures test/cmake/consumer with CMAKE_PREFIX_PATH=<prefix>
#      (find_package(adgen), adgen_add_derivatives), builds it, runs it
#      (gradients against finite differences);
#   3. checks regeneration: a no-op rebuild does not run adgen, touching the
#      annotated source or the installed adgen executable does;
#   4. the same with adgen_add_derivatives(... CUDA) in a C++-only project
#      (the .cu compiled as C++), and, when nvcc is there, in a
#      LANGUAGES CXX CUDA project (nvcc, sm_90; no GPU needed: the host main
#      calls the __host__ __device__ functions on the CPU).
#
# usage: run_consumer.sh <adgen build dir> [<nvcc>]   (exit 0 = pass)
set -euo pipefail

build=$(cd "$1" && pwd)
nvcc=${2:-}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cmake=${CMAKE_COMMAND:-cmake}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/adgen-consumer.XXXXXX")
if [[ -z ${KEEP_TMP:-} ]]; then trap 'rm -rf "$tmp"' EXIT; fi
prefix="$tmp/prefix"
# A copy of the consumer, so that touching its source leaves the tree alone.
cp -R "$here/consumer" "$tmp/src"
src="$tmp/src"

fail() { echo "run_consumer: FAIL: $*" >&2; exit 1; }
step() { echo; echo "== $*"; }

step "install $build -> $prefix"
"$cmake" --install "$build" --prefix "$prefix" >"$tmp/install.log" 2>&1 \
  || { cat "$tmp/install.log"; fail "cmake --install"; }
for f in bin/adgen include/adgen/runtime.h include/adgen/checkpoint.h \
         lib/cmake/adgen/adgenConfig.cmake \
         lib/cmake/adgen/adgenConfigVersion.cmake \
         lib/cmake/adgen/adgenTargets.cmake \
         lib/cmake/adgen/adgenFunctions.cmake; do
  [[ -e $prefix/$f ]] || fail "not installed: $f"
done
"$prefix/bin/adgen" --version \
  || fail "installed adgen does not run (missing shared libraries?)"
echo "installed: $(cd "$prefix" && find . -type f | sort | tr '\n' ' ')"

# build <dir> <log>: builds, keeping the output in <log>.
build() {
  "$cmake" --build "$1" -j2 >"$2" 2>&1 || { cat "$2"; fail "build of $1"; }
}
regenerated() { grep -q "adgen: differentiating" "$1"; }

# variant <name> <generated file> <cmake args...>
variant() {
  local name=$1 gen=$2; shift 2
  local b="$tmp/build-$name"
  step "consumer [$name]: configure"
  "$cmake" -S "$src" -B "$b" -DCMAKE_PREFIX_PATH="$prefix" \
    -DCMAKE_BUILD_TYPE=Release "$@" >"$tmp/$name.configure.log" 2>&1 \
    || { cat "$tmp/$name.configure.log"; fail "configure [$name]"; }
  grep -F "adgen 0." "$tmp/$name.configure.log" || true

  step "consumer [$name]: build"
  build "$b" "$tmp/$name.build1.log"
  regenerated "$tmp/$name.build1.log" || { cat "$tmp/$name.build1.log"; fail "[$name] adgen did not run"; }
  [[ -f $b/$gen ]] || fail "[$name] $gen not generated"
  if [[ $name == cuda ]]; then
    # nvcc, not the C++ compiler, compiled the generated file.
    grep -q "CUDA object.*loss_adgen.cu.o" "$tmp/$name.build1.log" \
      || { cat "$tmp/$name.build1.log"; fail "[$name] loss_adgen.cu not compiled as CUDA"; }
  elif [[ $gen == *.cu ]]; then
    grep -q "CXX object.*loss_adgen.cu.o" "$tmp/$name.build1.log" \
      || { cat "$tmp/$name.build1.log"; fail "[$name] loss_adgen.cu not compiled as C++"; }
  fi

  step "consumer [$name]: run"
  "$b/consumer" || fail "[$name] consumer failed"

  step "consumer [$name]: regeneration"
  build "$b" "$tmp/$name.noop.log"
  if regenerated "$tmp/$name.noop.log"; then
    cat "$tmp/$name.noop.log"; fail "[$name] a no-op rebuild re-ran adgen"
  fi
  touch "$b/stamp"
  sleep 1
  touch "$src/loss.cpp"
  build "$b" "$tmp/$name.touch-src.log"
  regenerated "$tmp/$name.touch-src.log" \
    || { cat "$tmp/$name.touch-src.log"; fail "[$name] touching loss.cpp did not re-run adgen"; }
  [[ $b/$gen -nt $b/stamp ]] || fail "[$name] $gen not rewritten after touching loss.cpp"
  echo "touch loss.cpp: regenerated $gen"
  touch "$b/stamp"
  sleep 1
  touch "$prefix/bin/adgen"
  build "$b" "$tmp/$name.touch-adgen.log"
  regenerated "$tmp/$name.touch-adgen.log" \
    || { cat "$tmp/$name.touch-adgen.log"; fail "[$name] a newer installed adgen did not re-run adgen"; }
  [[ $b/$gen -nt $b/stamp ]] || fail "[$name] $gen not rewritten after touching adgen"
  echo "touch <prefix>/bin/adgen: regenerated $gen"
  "$b/consumer" >/dev/null || fail "[$name] consumer failed after the rebuild"
}

variant cpp loss_adgen.cpp -DCONSUMER_FLAVOUR=cpp
variant cu-as-cxx loss_adgen.cu -DCONSUMER_FLAVOUR=cu-as-cxx
if [[ -n $nvcc && -x $nvcc ]]; then
  variant cuda loss_adgen.cu -DCONSUMER_FLAVOUR=cuda \
    -DCMAKE_CUDA_COMPILER="$nvcc" -DCMAKE_CUDA_ARCHITECTURES=90
else
  echo
  echo "== consumer [cuda]: SKIPPED: nvcc not found (configure adgen with -DADGEN_NVCC=/path/to/nvcc)"
fi

echo
echo "run_consumer: ok"
