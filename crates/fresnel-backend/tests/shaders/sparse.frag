#version 450
#extension GL_ARB_sparse_texture2 : require
#extension GL_ARB_sparse_texture_clamp : require
// Sparse residency: sparse lookups with their residency codes, fetches and image loads.
layout(binding = 0) uniform sampler2D tex;
layout(binding = 1) uniform sampler2DShadow shadowTex;
layout(binding = 2, rgba8) uniform image2D img;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;

void main()
{
    vec4 t = vec4(0.0);
    int code = sparseTextureARB(tex, uv, t);
    vec4 f = vec4(0.0);
    int code2 = sparseTexelFetchARB(tex, ivec2(uv), 0, f);
    float s = 0.0;
    int code3 = sparseTextureARB(shadowTex, vec3(uv, 0.5), s);
    vec4 l = vec4(0.0);
    int code4 = sparseImageLoadARB(img, ivec2(uv), l);
    bool all = sparseTexelsResidentARB(code) && sparseTexelsResidentARB(code2)
        && sparseTexelsResidentARB(code3) && sparseTexelsResidentARB(code4);
    color = all ? t + f + l + vec4(s) : vec4(1.0, 0.0, 1.0, 1.0);
}
