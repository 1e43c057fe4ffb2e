#version 450
layout(location=0) in vec2 uv;
layout(location=0) out vec4 color;
layout(set=0,binding=0) uniform sampler2D tex;
layout(set=0,binding=1) uniform U { vec4 tint; int n; mat4 m; } u;
float f(float x) { return x*2.0; }
void main() {
  vec4 c = texture(tex, uv);
  float s = 0.0;
  for (int i = 0; i < u.n; i++) { if (i == 3) continue; if (s > 10.0) break; s += f(float(i)); }
  if (c.a < 0.1) discard;
  color = c * u.tint * s + dFdx(uv).xyxy + u.m[1];
}
