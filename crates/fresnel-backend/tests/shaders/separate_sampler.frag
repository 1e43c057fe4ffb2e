#version 450
layout(set=0, binding=0) uniform texture2D t;
layout(set=0, binding=1) uniform sampler s;
layout(location=0) out vec4 o;
void main() { o = texture(sampler2D(t, s), vec2(0.5)) + texelFetch(sampler2D(t, s), ivec2(0), 0); }
