// Built-in functions. Format: builtins/README.md.

// ---- Angle and trigonometry (GLSL 4.60 section 8.1) ----
@ gl 110 es 100
genFType radians(genFType degrees);
genFType degrees(genFType radians);
genFType sin(genFType angle);
genFType cos(genFType angle);
genFType tan(genFType angle);
genFType asin(genFType x);
genFType acos(genFType x);
genFType atan(genFType y, genFType x);
genFType atan(genFType y_over_x);

@ gl 130 es 300
genFType sinh(genFType x);
genFType cosh(genFType x);
genFType tanh(genFType x);
genFType asinh(genFType x);
genFType acosh(genFType x);
genFType atanh(genFType x);

// ---- Relational (8.7) ----
@ gl 110 es 100
bvec lessThan(vec x, vec y);
bvec lessThan(ivec x, ivec y);

// ---- Texture lookups, legacy forms ----
@ gl 110-410 compat es 100-100
vec4 texture2D(sampler2D sampler, vec2 coord);
@ gl 130 es 300
gvec4 texture(gsampler2D sampler, vec2 P);
gvec4 textureOffset(gsampler2D sampler, vec2 P, const ivec2 offset);
