#version 450
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer Data { uint counter; float vals[]; } data;
layout(std430, binding = 1) readonly buffer In { vec4 v[4]; bool flag; } inb;
shared float tmp[64];
void helper(inout float x, out int y) { x *= 2.0; y = int(x); }
void main() {
  uint i = gl_GlobalInvocationID.x;
  uint l = gl_LocalInvocationIndex;
  tmp[l] = data.vals[i];
  barrier();
  memoryBarrierShared();
  float s = tmp[(l + 1u) % 64u];
  int y;
  helper(s, y);
  if (inb.flag) {
    if (y > 3) s += inb.v[y & 3].x; else s -= 1.0;
  }
  uint old = atomicAdd(data.counter, 1u);
  atomicMax(data.counter, old);
  data.vals[i] = s + float(data.vals.length());
  bvec2 bb = bvec2(s > 0.0, y < 2);
  if (any(bb)) data.vals[0] = 1.0;
}
