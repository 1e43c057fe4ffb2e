#version 450
layout(local_size_x_id = 0, local_size_y = 2) in;
layout(constant_id = 1) const int N = 7;
layout(constant_id = 2) const bool B = true;
layout(constant_id = 3) const float F = 1.5;
layout(std430, binding = 0) buffer O { float v[]; } o;
void main() { o.v[gl_GlobalInvocationID.x] = B ? F * float(N) : 0.0; }
