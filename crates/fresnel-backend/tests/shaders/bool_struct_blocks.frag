#version 450
struct S { bool b; bvec2 bv; float f[3]; mat2 m; };
layout(set=0, binding=0) uniform U { S s; S arr[2]; } u;
layout(set=0, binding=1) buffer B { S s; } b;
layout(location=0) out vec4 o;
void main() {
  S local = u.s;
  S other = u.arr[1];
  b.s = local;
  o = vec4(local.b ? 1.0 : 0.0, other.bv.y ? 1.0 : 0.0, local.f[2] + other.m[1][1], 1.0);
}
