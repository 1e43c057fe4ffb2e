#version 450
layout(location = 0) in vec3 pos;
layout(location = 1) in ivec2 id;
layout(location = 0) out vec2 uv;
layout(location = 1) flat out int oid;
layout(push_constant) uniform PC { mat4 mvp; } pc;
layout(set = 0, binding = 0) uniform sampler2D heightmap;
void main() {
  float h = textureLod(heightmap, pos.xy, 0.0).r + texture(heightmap, pos.xy).g;
  int acc = 0;
  for (int i = 0; i < 4; i++) {
    for (int j = 0; j < 4; j++) { if (j == i) break; acc += i * j; }
    if (acc > 100) return;
  }
  switch (id.x) { case 0: acc += 1; break; case 1: acc += 2; default: acc *= 3; }
  gl_Position = pc.mvp * vec4(pos.xy, pos.z + h, 1.0);
  gl_PointSize = 1.0;
  uv = pos.xy * float(gl_VertexIndex);
  oid = acc + textureSize(heightmap, 0).x + texelFetch(heightmap, ivec2(0), 0).x > 0.0 ? 1 : 0;
}
