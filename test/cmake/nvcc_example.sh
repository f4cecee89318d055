#!/usr/bin/env bash
# Generates the CUDA flavour of one adgen_add_derivatives() call's inputs
# (adgen <src> -o <stem>_adgen.cu <the call's adgen arguments>) and compiles
# each with nvcc, warnings as errors (as test/lit/emit/cuda.cpp does), for
# nvcc's default architecture and for -arch=sm_90, with the target's compile
# definitions (e.g. ADGEN_STATS) and, when there are any, once without them.
#
# usage: nvcc_example.sh <adgen> <nvcc|""> <runtime include dir> <workdir>
#                        <outdir> <defs, ;-separated> <sources, ;-separated>
#                        [adgen arguments...]
# Exits 77 (ctest: skipped) when nvcc is absent.
set -euo pipefail
adgen=$1 nvcc=$2 include=$3 workdir=$4 outdir=$5 defs=$6 srcs=$7
shift 7

if [[ -z $nvcc || ! -x $nvcc ]]; then
  echo "SKIPPED: nvcc not found (looked in PATH, \$CUDA_HOME, \$CUDA_PATH and" \
       "/usr/local/cuda/bin at configure time; set -DADGEN_NVCC=/path/to/nvcc)"
  exit 77
fi

werror=(-Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror)
dflags=()
IFS=';' read -r -a deflist <<<"$defs"
for d in "${deflist[@]}"; do [[ -n $d ]] && dflags+=("-D$d"); done

mkdir -p "$outdir"
IFS=';' read -r -a srclist <<<"$srcs"
for src in "${srclist[@]}"; do
  stem=$(basename "${src%.*}")
  cu="$outdir/${stem}_adgen.cu"
  echo "+ adgen $src -o $cu $*"
  (cd "$workdir" && "$adgen" "$src" -o "$cu" "$@")
  run() { echo "+ $*"; "$@"; }
  run "$nvcc" -std=c++17 -I"$include" "${dflags[@]}" -c -x cu "$cu" \
    -o "$outdir/$stem.default.o" "${werror[@]}"
  run "$nvcc" -std=c++17 -arch=sm_90 -I"$include" "${dflags[@]}" -c -x cu "$cu" \
    -o "$outdir/$stem.sm_90.o" "${werror[@]}"
  if [[ ${#dflags[@]} -gt 0 ]]; then
    run "$nvcc" -std=c++17 -I"$include" -c -x cu "$cu" \
      -o "$outdir/$stem.nodefs.o" "${werror[@]}"
  fi
done
echo "nvcc_example: ok"
