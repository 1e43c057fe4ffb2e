#version 300 es
precision mediump float;
precision mediump sampler2DShadow;
uniform vec4 color;
uniform sampler2D s;
uniform samplerCube sc;
uniform sampler2DShadow sh;
uniform bool on;
uniform mat3 m[2];
in vec2 v;
flat in int k;
out vec4 o;
void main() {
  vec4 c = texture(s, v) + texture(sc, vec3(v, 1.0)) + vec4(texture(sh, vec3(v, 0.5)));
  c += textureProj(s, vec3(v, 2.0)) + textureGrad(s, v, dFdx(v), dFdy(v)) + textureOffset(s, v, ivec2(1, -1));
  if (on) c *= color; else if (k == 2) discard; else c.x = fwidth(v.x);
  c.xyz += m[1] * c.xyz;
  o = c;
}
