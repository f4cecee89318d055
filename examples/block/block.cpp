// The seed's PyTorch block (SPEC section 7; seed 002, "gradient
// checkpointing"): Linear(1024 -> 4096) -> ReLU -> Linear(4096 -> 1024) on a
// batch of 8 inputs of 1024, with the MSE loss against targets (the seed's
// are zeros) averaged over the 8 x 1024 outputs:
//
//   z = relu(W1 x_n + b1),  o = W2 z + b2,  L = mean (o - y_n)^2
//
// W1 is 4096 x 1024 and W2 1024 x 4096, row-major; x and y hold the 8
// samples one after the other. The gradient is w.r.t. the parameters and the
// inputs (the seed's inputs have requires_grad=True): 8,393,728 + 8,192.
//
// The block is written twice: block_plain without a checkpoint directive
// (the adjoint keeps every sample's activations: the ReLU masks, z and
// o - y), and block_ckpt with checkpoint(every 1) on the batch loop: the
// forward sweep keeps only the loop state at each sample's boundary (the
// running sum; x, the block's input, is never written, so nothing else) and
// drops the activations inside the block, and the backward sweep re-runs each
// sample's block, taped, just before reversing it -- torch.utils.checkpoint's
// "keep the block's input, rebuild its activations during backward".

#pragma adgen grad(W1, b1, W2, b2, x)
double block_plain(const double* W1, const double* b1, const double* W2,
                   const double* b2, const double* x, const double* y,
                   int batch) {
  double total = 0.0;
  for (int n = 0; n < batch; ++n) {
    double z[4096];
    for (int j = 0; j < 4096; ++j) {
      double a = b1[j];
      for (int i = 0; i < 1024; ++i)
        a += W1[j * 1024 + i] * x[n * 1024 + i];
      z[j] = a > 0.0 ? a : 0.0;
    }
    for (int k = 0; k < 1024; ++k) {
      double o = b2[k];
      for (int j = 0; j < 4096; ++j)
        o += W2[k * 4096 + j] * z[j];
      double d = o - y[n * 1024 + k];
      total += d * d;
    }
  }
  return total / (batch * 1024);
}

#pragma adgen grad(W1, b1, W2, b2, x)
double block_ckpt(const double* W1, const double* b1, const double* W2,
                  const double* b2, const double* x, const double* y,
                  int batch) {
  double total = 0.0;
#pragma adgen checkpoint(every 1)
  for (int n = 0; n < batch; ++n) {
    double z[4096];
    for (int j = 0; j < 4096; ++j) {
      double a = b1[j];
      for (int i = 0; i < 1024; ++i)
        a += W1[j * 1024 + i] * x[n * 1024 + i];
      z[j] = a > 0.0 ? a : 0.0;
    }
    for (int k = 0; k < 1024; ++k) {
      double o = b2[k];
      for (int j = 0; j < 4096; ++j)
        o += W2[k * 4096 + j] * z[j];
      double d = o - y[n * 1024 + k];
      total += d * d;
    }
  }
  return total / (batch * 1024);
}
