// The seed's "one input, three outputs" (problem 2): u = t^2, then
// a = u, b = u*t, c = u*u. With t_dot = 1, ONE forward sweep gives all three
// derivatives da/dt, db/dt, dc/dt: forward mode costs one sweep per input,
// however many outputs there are.
//
// `out` is written, so it is always active: outputs_jvp takes out_dot and
// writes the three tangents into it.
#pragma adgen jvp(t)
void outputs(double t, double* out) {
  double u = t * t;
  out[0] = u;      // a
  out[1] = u * t;  // b
  out[2] = u * u;  // c
}
