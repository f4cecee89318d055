// The seed's bakery cost table (problem 1): a cake is 2 batches of dough and
// 1 tub of cream; a batch of dough takes 0.3 kg flour and 0.1 kg butter, a tub
// of cream 0.2 kg butter and 0.15 kg sugar. Given the prices per kg, what does
// a cake cost, and how much does it go up when one price goes up by 1?
//
// The table is staged like the seed's: ingredients -> dough, cream -> cake.
// Forward mode follows one price's change through the table per sweep, so the
// three sensitivities take three sweeps (5 multiplications each); reverse mode
// walks the table once from the cake back to the ingredients and gets all
// three in one sweep.
#pragma adgen jvp(flour, butter, sugar)
#pragma adgen grad(flour, butter, sugar)
double cake_cost(double flour, double butter, double sugar) {
  double dough = 0.3 * flour + 0.1 * butter;   // one batch of dough
  double cream = 0.2 * butter + 0.15 * sugar;  // one tub of cream
  double cake = 2.0 * dough + 1.0 * cream;     // one cake
  return cake;
}
