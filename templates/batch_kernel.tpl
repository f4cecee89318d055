
#if defined(__CUDACC__)
/// {what}, on the GPU: thread t runs sample first + t of [first, first +
/// count).
__global__ void {kernel}(long long first, long long count{kparams}) {{
  const long long t = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x;
  if (t >= count)
    return;
  const long long s = first + t;
{kbody}}}

/// {what}, on the GPU: every pointer is device memory (per-sample arrays
/// hold the batch back to back, sample s at s × its extent).{adjoints}
adgen::batch::Report {name}_device(long long batch{dparams}) {{
  adgen::batch::Report rep;
  rep.device = true;
{dbody}  adgen::batch::check(rep, cudaDeviceSynchronize());
  return rep;
}}
#endif

/// {what}: host pointers (per-sample arrays hold the batch back to back,
/// sample s at s × its extent). Runs on the GPU when there is one (copying
/// in and out), else on the CPU, one sample after another.{adjoints}
adgen::batch::Report {name}(long long batch{hparams}) {{
#if defined(__CUDACC__)
  if (!opts.host && adgen::batch::deviceAvailable()) {{
    adgen::batch::Report rep;
{upload}    rep = {name}_device(batch{dargs});
    if (rep.error)
      return rep;
{download}    return rep;
  }}
#endif
  adgen::batch::Report rep;
  for (long long s = 0; s < batch; ++s) {{
{hbody}  }}
  return rep;
}}
