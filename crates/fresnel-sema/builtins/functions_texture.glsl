// Built-in texture, image and sampler functions. Format: builtins/README.md.
//
// Written with a script (not kept) that ports the prototype loops of glslang's
// glslang/MachineIndependent/Initialize.cpp (TBuiltIns::add2ndGenerationSamplingImaging with
// addQueryFunctions, addSamplingFunctions, addGatherFunctions, addImageFunctions,
// addSubpassSampling; the legacy and extension blocks of TBuiltIns::initialize), checked against
// the GLSL 4.60 / ESSL 3.20 specification tables (chapter 8.9, 8.12) and the extension specs.
// Version and stage gating: glslang (its tables and the setFunctionExtensions /
// profileRequires checks of identifyBuiltIns and ParseHelper), and Mesa's
// src/compiler/glsl/builtin_functions.cpp predicates where glslang does not gate.
//
// Conventions:
// * The `g` forms cover float, int and uint samplers; shadow samplers are float only;
//   f16* samplers/images (GL_AMD_gpu_shader_half_float_fetch), i64/u64 images
//   (GL_EXT_shader_image_int64) and Vulkan texture* types are written out in their own sections.
// * Version floors follow the sampler type (sampler1D*/2DRect*: desktop only; *CubeArray*: ES 3.10;
//   *Buffer/*MS*: GLSL 1.40 / ES 3.10); whether the type itself exists (extensions such as
//   GL_ARB_texture_cube_map_array, GL_OES_texture_buffer) is decided by the type checker.
//   Where a function is gated by two extensions (one gating its type), the header names the other.
// * Bias and non-Grad lod-clamp forms use implicit derivatives: fragment only, and in compute
//   shaders with GL_NV_compute_shader_derivatives / GL_KHR_compute_shader_derivatives (glslang
//   declares them in the compute stage and checks for derivatives there).
// * `const` marks texel offsets (constant unless GL_EXT_texture_offset_non_const, which this
//   format cannot express), gather components and memory scope/semantics arguments.
//   textureGatherOffset's offset is not const: it may be dynamic from GLSL 4.00 /
//   GL_ARB_gpu_shader5 / ES 3.20 / GL_{EXT,OES}_gpu_shader5 (the constant requirement of ES 3.10
//   and GL_ARB_texture_gather alone is not expressed: it would need a second, duplicate signature).
// * Array parameters are written `const ivec2 offsets[4]`; the NV footprint structures are
//   named by their built-in names (`gl_TextureFootprint2DNV`: `BuiltinStruct` in
//   src/builtin_types.rs, declared in variables.glsl).

// ==== Texture query functions (8.9.1) ===========================================================
// textureQueryLod: fragment only (GLSL 4.00, GL_ARB_texture_query_lod); textureQueryLOD is
// the extension spelling (also GL_EXT_texture_query_lod for ES).

// ---- textureSize
@ gl 130
highp int textureSize(gsampler1D sampler, int lod);
highp ivec2 textureSize(gsampler2DRect sampler);
highp ivec2 textureSize(gsampler1DArray sampler, int lod);
highp int textureSize(sampler1DShadow sampler, int lod);
highp ivec2 textureSize(sampler2DRectShadow sampler);
highp ivec2 textureSize(sampler1DArrayShadow sampler, int lod);
@ gl 130 es 300
highp ivec2 textureSize(gsampler2D sampler, int lod);
highp ivec3 textureSize(gsampler3D sampler, int lod);
highp ivec2 textureSize(gsamplerCube sampler, int lod);
highp ivec3 textureSize(gsampler2DArray sampler, int lod);
highp ivec2 textureSize(sampler2DShadow sampler, int lod);
highp ivec2 textureSize(samplerCubeShadow sampler, int lod);
highp ivec3 textureSize(sampler2DArrayShadow sampler, int lod);
@ gl 140 es 310
highp int textureSize(gsamplerBuffer sampler);
highp ivec2 textureSize(gsampler2DMS sampler);
highp ivec3 textureSize(gsampler2DMSArray sampler);
@ gl 130 es 310
highp ivec3 textureSize(gsamplerCubeArray sampler, int lod);
highp ivec3 textureSize(samplerCubeArrayShadow sampler, int lod);

// ---- textureQueryLevels
@ gl 430 ext GL_ARB_texture_query_levels
int textureQueryLevels(gsampler1D sampler);
int textureQueryLevels(gsampler2D sampler);
int textureQueryLevels(gsampler3D sampler);
int textureQueryLevels(gsamplerCube sampler);
int textureQueryLevels(gsampler1DArray sampler);
int textureQueryLevels(gsampler2DArray sampler);
int textureQueryLevels(gsamplerCubeArray sampler);
int textureQueryLevels(sampler1DShadow sampler);
int textureQueryLevels(sampler2DShadow sampler);
int textureQueryLevels(samplerCubeShadow sampler);
int textureQueryLevels(sampler1DArrayShadow sampler);
int textureQueryLevels(sampler2DArrayShadow sampler);
int textureQueryLevels(samplerCubeArrayShadow sampler);

// ---- textureSamples
@ gl 450 ext GL_ARB_shader_texture_image_samples
int textureSamples(gsampler2DMS sampler);
int textureSamples(gsampler2DMSArray sampler);

// ---- textureQueryLod
@ gl 400 ext GL_ARB_texture_query_lod stage frag
vec2 textureQueryLod(gsampler1D sampler, float P);
vec2 textureQueryLod(gsampler2D sampler, vec2 P);
vec2 textureQueryLod(gsampler3D sampler, vec3 P);
vec2 textureQueryLod(gsamplerCube sampler, vec3 P);
vec2 textureQueryLod(gsampler1DArray sampler, float P);
vec2 textureQueryLod(gsampler2DArray sampler, vec2 P);
vec2 textureQueryLod(gsamplerCubeArray sampler, vec3 P);
vec2 textureQueryLod(sampler1DShadow sampler, float P);
vec2 textureQueryLod(sampler2DShadow sampler, vec2 P);
vec2 textureQueryLod(samplerCubeShadow sampler, vec3 P);
vec2 textureQueryLod(sampler1DArrayShadow sampler, float P);
vec2 textureQueryLod(sampler2DArrayShadow sampler, vec2 P);
vec2 textureQueryLod(samplerCubeArrayShadow sampler, vec3 P);
@ ext GL_NV_compute_shader_derivatives|GL_KHR_compute_shader_derivatives stage comp
vec2 textureQueryLod(gsampler1D sampler, float P);
vec2 textureQueryLod(gsampler2D sampler, vec2 P);
vec2 textureQueryLod(gsampler3D sampler, vec3 P);
vec2 textureQueryLod(gsamplerCube sampler, vec3 P);
vec2 textureQueryLod(gsampler1DArray sampler, float P);
vec2 textureQueryLod(gsampler2DArray sampler, vec2 P);
vec2 textureQueryLod(gsamplerCubeArray sampler, vec3 P);
vec2 textureQueryLod(sampler1DShadow sampler, float P);
vec2 textureQueryLod(sampler2DShadow sampler, vec2 P);
vec2 textureQueryLod(samplerCubeShadow sampler, vec3 P);
vec2 textureQueryLod(sampler1DArrayShadow sampler, float P);
vec2 textureQueryLod(sampler2DArrayShadow sampler, vec2 P);
vec2 textureQueryLod(samplerCubeArrayShadow sampler, vec3 P);
// GL_KHR_compute_shader_derivatives also gives task and mesh shaders derivatives.
@ ext GL_KHR_compute_shader_derivatives stage task|mesh
vec2 textureQueryLod(gsampler1D sampler, float P);
vec2 textureQueryLod(gsampler2D sampler, vec2 P);
vec2 textureQueryLod(gsampler3D sampler, vec3 P);
vec2 textureQueryLod(gsamplerCube sampler, vec3 P);
vec2 textureQueryLod(gsampler1DArray sampler, float P);
vec2 textureQueryLod(gsampler2DArray sampler, vec2 P);
vec2 textureQueryLod(gsamplerCubeArray sampler, vec3 P);
vec2 textureQueryLod(sampler1DShadow sampler, float P);
vec2 textureQueryLod(sampler2DShadow sampler, vec2 P);
vec2 textureQueryLod(samplerCubeShadow sampler, vec3 P);
vec2 textureQueryLod(sampler1DArrayShadow sampler, float P);
vec2 textureQueryLod(sampler2DArrayShadow sampler, vec2 P);
vec2 textureQueryLod(samplerCubeArrayShadow sampler, vec3 P);

// ---- textureQueryLOD
@ gl 400 ext GL_ARB_texture_query_lod|GL_EXT_texture_query_lod stage frag
vec2 textureQueryLOD(gsampler1D sampler, float P);
vec2 textureQueryLOD(gsampler2D sampler, vec2 P);
vec2 textureQueryLOD(gsampler3D sampler, vec3 P);
vec2 textureQueryLOD(gsamplerCube sampler, vec3 P);
vec2 textureQueryLOD(gsampler1DArray sampler, float P);
vec2 textureQueryLOD(gsampler2DArray sampler, vec2 P);
vec2 textureQueryLOD(gsamplerCubeArray sampler, vec3 P);
vec2 textureQueryLOD(sampler1DShadow sampler, float P);
vec2 textureQueryLOD(sampler2DShadow sampler, vec2 P);
vec2 textureQueryLOD(samplerCubeShadow sampler, vec3 P);
vec2 textureQueryLOD(sampler1DArrayShadow sampler, float P);
vec2 textureQueryLOD(sampler2DArrayShadow sampler, vec2 P);
vec2 textureQueryLOD(samplerCubeArrayShadow sampler, vec3 P);
@ ext GL_NV_compute_shader_derivatives|GL_KHR_compute_shader_derivatives stage comp
vec2 textureQueryLOD(gsampler1D sampler, float P);
vec2 textureQueryLOD(gsampler2D sampler, vec2 P);
vec2 textureQueryLOD(gsampler3D sampler, vec3 P);
vec2 textureQueryLOD(gsamplerCube sampler, vec3 P);
vec2 textureQueryLOD(gsampler1DArray sampler, float P);
vec2 textureQueryLOD(gsampler2DArray sampler, vec2 P);
vec2 textureQueryLOD(gsamplerCubeArray sampler, vec3 P);
vec2 textureQueryLOD(sampler1DShadow sampler, float P);
vec2 textureQueryLOD(sampler2DShadow sampler, vec2 P);
vec2 textureQueryLOD(samplerCubeShadow sampler, vec3 P);
vec2 textureQueryLOD(sampler1DArrayShadow sampler, float P);
vec2 textureQueryLOD(sampler2DArrayShadow sampler, vec2 P);
vec2 textureQueryLOD(samplerCubeArrayShadow sampler, vec3 P);

// ==== Texel lookup functions (8.9.2) ============================================================

// ---- texture
@ gl 130
gvec4 texture(gsampler1D sampler, float P);
gvec4 texture(gsampler2DRect sampler, vec2 P);
gvec4 texture(gsampler1DArray sampler, vec2 P);
float texture(sampler1DShadow sampler, vec3 P);
float texture(sampler2DRectShadow sampler, vec3 P);
float texture(sampler1DArrayShadow sampler, vec3 P);
@ gl 130 stage frag
gvec4 texture(gsampler1D sampler, float P, float bias);
gvec4 texture(gsampler1DArray sampler, vec2 P, float bias);
float texture(sampler1DShadow sampler, vec3 P, float bias);
float texture(sampler1DArrayShadow sampler, vec3 P, float bias);
@ ext GL_NV_compute_shader_derivatives|GL_KHR_compute_shader_derivatives stage comp
gvec4 texture(gsampler1D sampler, float P, float bias);
gvec4 texture(gsampler2D sampler, vec2 P, float bias);
gvec4 texture(gsampler3D sampler, vec3 P, float bias);
gvec4 texture(gsamplerCube sampler, vec3 P, float bias);
gvec4 texture(gsampler1DArray sampler, vec2 P, float bias);
gvec4 texture(gsampler2DArray sampler, vec3 P, float bias);
gvec4 texture(gsamplerCubeArray sampler, vec4 P, float bias);
float texture(sampler1DShadow sampler, vec3 P, float bias);
float texture(sampler2DShadow sampler, vec3 P, float bias);
float texture(samplerCubeShadow sampler, vec4 P, float bias);
float texture(sampler1DArrayShadow sampler, vec3 P, float bias);
@ gl 130 es 300
gvec4 texture(gsampler2D sampler, vec2 P);
gvec4 texture(gsampler3D sampler, vec3 P);
gvec4 texture(gsamplerCube sampler, vec3 P);
gvec4 texture(gsampler2DArray sampler, vec3 P);
float texture(sampler2DShadow sampler, vec3 P);
float texture(samplerCubeShadow sampler, vec4 P);
float texture(sampler2DArrayShadow sampler, vec4 P);
@ gl 130 es 300 stage frag
gvec4 texture(gsampler2D sampler, vec2 P, float bias);
gvec4 texture(gsampler3D sampler, vec3 P, float bias);
gvec4 texture(gsamplerCube sampler, vec3 P, float bias);
gvec4 texture(gsampler2DArray sampler, vec3 P, float bias);
float texture(sampler2DShadow sampler, vec3 P, float bias);
float texture(samplerCubeShadow sampler, vec4 P, float bias);
@ gl 130 es 310
gvec4 texture(gsamplerCubeArray sampler, vec4 P);
float texture(samplerCubeArrayShadow sampler, vec4 P, float compare);
@ gl 130 es 310 stage frag
gvec4 texture(gsamplerCubeArray sampler, vec4 P, float bias);

// ---- textureGrad
@ gl 130
gvec4 textureGrad(gsampler1D sampler, float P, float dPdx, float dPdy);
gvec4 textureGrad(gsampler2DRect sampler, vec2 P, vec2 dPdx, vec2 dPdy);
gvec4 textureGrad(gsampler1DArray sampler, vec2 P, float dPdx, float dPdy);
float textureGrad(sampler1DShadow sampler, vec3 P, float dPdx, float dPdy);
float textureGrad(sampler2DRectShadow sampler, vec3 P, vec2 dPdx, vec2 dPdy);
float textureGrad(sampler1DArrayShadow sampler, vec3 P, float dPdx, float dPdy);
@ gl 130 es 300
gvec4 textureGrad(gsampler2D sampler, vec2 P, vec2 dPdx, vec2 dPdy);
gvec4 textureGrad(gsampler3D sampler, vec3 P, vec3 dPdx, vec3 dPdy);
gvec4 textureGrad(gsamplerCube sampler, vec3 P, vec3 dPdx, vec3 dPdy);
gvec4 textureGrad(gsampler2DArray sampler, vec3 P, vec2 dPdx, vec2 dPdy);
float textureGrad(sampler2DShadow sampler, vec3 P, vec2 dPdx, vec2 dPdy);
float textureGrad(samplerCubeShadow sampler, vec4 P, vec3 dPdx, vec3 dPdy);
float textureGrad(sampler2DArrayShadow sampler, vec4 P, vec2 dPdx, vec2 dPdy);
@ gl 130 es 310
gvec4 textureGrad(gsamplerCubeArray sampler, vec4 P, vec3 dPdx, vec3 dPdy);

// ---- texelFetch
@ gl 130
gvec4 texelFetch(gsampler1D sampler, int P, int lod);
gvec4 texelFetch(gsampler2DRect sampler, ivec2 P);
gvec4 texelFetch(gsampler1DArray sampler, ivec2 P, int lod);
@ gl 130 es 300
gvec4 texelFetch(gsampler2D sampler, ivec2 P, int lod);
gvec4 texelFetch(gsampler3D sampler, ivec3 P, int lod);
gvec4 texelFetch(gsampler2DArray sampler, ivec3 P, int lod);
@ gl 140 es 310
gvec4 texelFetch(gsamplerBuffer sampler, int P);
gvec4 texelFetch(gsampler2DMS sampler, ivec2 P, int sample);
gvec4 texelFetch(gsampler2DMSArray sampler, ivec3 P, int sample);

// ---- textureOffset
@ gl 130
gvec4 textureOffset(gsampler1D sampler, float P, const int offset);
gvec4 textureOffset(gsampler2DRect sampler, vec2 P, const ivec2 offset);
gvec4 textureOffset(gsampler1DArray sampler, vec2 P, const int offset);
float textureOffset(sampler1DShadow sampler, vec3 P, const int offset);
float textureOffset(sampler2DRectShadow sampler, vec3 P, const ivec2 offset);
float textureOffset(sampler1DArrayShadow sampler, vec3 P, const int offset);
@ gl 130 stage frag
gvec4 textureOffset(gsampler1D sampler, float P, const int offset, float bias);
gvec4 textureOffset(gsampler1DArray sampler, vec2 P, const int offset, float bias);
float textureOffset(sampler1DShadow sampler, vec3 P, const int offset, float bias);
float textureOffset(sampler1DArrayShadow sampler, vec3 P, const int offset, float bias);
@ ext GL_NV_compute_shader_derivatives|GL_KHR_compute_shader_derivatives stage comp
gvec4 textureOffset(gsampler1D sampler, float P, const int offset, float bias);
gvec4 textureOffset(gsampler2D sampler, vec2 P, const ivec2 offset, float bias);
gvec4 textureOffset(gsampler3D sampler, vec3 P, const ivec3 offset, float bias);
gvec4 textureOffset(gsampler1DArray sampler, vec2 P, const int offset, float bias);
gvec4 textureOffset(gsampler2DArray sampler, vec3 P, const ivec2 offset, float bias);
float textureOffset(sampler1DShadow sampler, vec3 P, const int offset, float bias);
float textureOffset(sampler2DShadow sampler, vec3 P, const ivec2 offset, float bias);
float textureOffset(sampler1DArrayShadow sampler, vec3 P, const int offset, float bias);
@ gl 130 es 300
gvec4 textureOffset(gsampler2D sampler, vec2 P, const ivec2 offset);
gvec4 textureOffset(gsampler3D sampler, vec3 P, const ivec3 offset);
gvec4 textureOffset(gsampler2DArray sampler, vec3 P, const ivec2 offset);
float textureOffset(sampler2DShadow sampler, vec3 P, const ivec2 offset);
@ gl 130 es 300 stage frag
gvec4 textureOffset(gsampler2D sampler, vec2 P, const ivec2 offset, float bias);
gvec4 textureOffset(gsampler3D sampler, vec3 P, const ivec3 offset, float bias);
gvec4 textureOffset(gsampler2DArray sampler, vec3 P, const ivec2 offset, float bias);
float textureOffset(sampler2DShadow sampler, vec3 P, const ivec2 offset, float bias);
@ gl 430 ext GL_EXT_texture_shadow_lod
float textureOffset(sampler2DArrayShadow sampler, vec4 P, const ivec2 offset);

// ---- textureGradOffset
@ gl 130
gvec4 textureGradOffset(gsampler1D sampler, float P, float dPdx, float dPdy, const int offset);
gvec4 textureGradOffset(gsampler2DRect sampler, vec2 P, vec2 dPdx, vec2 dPdy, const ivec2 offset);
gvec4 textureGradOffset(gsampler1DArray sampler, vec2 P, float dPdx, float dPdy, const int offset);
float textureGradOffset(sampler1DShadow sampler, vec3 P, float dPdx, float dPdy, const int offset);
float textureGradOffset(sampler2DRectShadow sampler, vec3 P, vec2 dPdx, vec2 dPdy, const ivec2 offset);
float textureGradOffset(sampler1DArrayShadow sampler, vec3 P, float dPdx, float dPdy, const int offset);
@ gl 130 es 300
gvec4 textureGradOffset(gsampler2D sampler, vec2 P, vec2 dPdx, vec2 dPdy, const ivec2 offset);
gvec4 textureGradOffset(gsampler3D sampler, vec3 P, vec3 dPdx, vec3 dPdy, const ivec3 offset);
gvec4 textureGradOffset(gsampler2DArray sampler, vec3 P, vec2 dPdx, vec2 dPdy, const ivec2 offset);
float textureGradOffset(sampler2DShadow sampler, vec3 P, vec2 dPdx, vec2 dPdy, const ivec2 offset);
float textureGradOffset(sampler2DArrayShadow sampler, vec4 P, vec2 dPdx, vec2 dPdy, const ivec2 offset);

// ---- texelFetchOffset
@ gl 130
gvec4 texelFetchOffset(gsampler1D sampler, int P, int lod, const int offset);
gvec4 texelFetchOffset(gsampler2DRect sampler, ivec2 P, const ivec2 offset);
gvec4 texelFetchOffset(gsampler1DArray sampler, ivec2 P, int lod, const int offset);
@ gl 130 es 300
gvec4 texelFetchOffset(gsampler2D sampler, ivec2 P, int lod, const ivec2 offset);
gvec4 texelFetchOffset(gsampler3D sampler, ivec3 P, int lod, const ivec3 offset);
gvec4 texelFetchOffset(gsampler2DArray sampler, ivec3 P, int lod, const ivec2 offset);

// ---- textureLod
@ gl 130
gvec4 textureLod(gsampler1D sampler, float P, float lod);
gvec4 textureLod(gsampler1DArray sampler, vec2 P, float lod);
float textureLod(sampler1DShadow sampler, vec3 P, float lod);
float textureLod(sampler1DArrayShadow sampler, vec3 P, float lod);
@ gl 130 es 300
gvec4 textureLod(gsampler2D sampler, vec2 P, float lod);
gvec4 textureLod(gsampler3D sampler, vec3 P, float lod);
gvec4 textureLod(gsamplerCube sampler, vec3 P, float lod);
gvec4 textureLod(gsampler2DArray sampler, vec3 P, float lod);
float textureLod(sampler2DShadow sampler, vec3 P, float lod);
@ gl 130 es 310
gvec4 textureLod(gsamplerCubeArray sampler, vec4 P, float lod);

// ---- textureLodOffset
@ gl 130
gvec4 textureLodOffset(gsampler1D sampler, float P, float lod, const int offset);
gvec4 textureLodOffset(gsampler1DArray sampler, vec2 P, float lod, const int offset);
float textureLodOffset(sampler1DShadow sampler, vec3 P, float lod, const int offset);
float textureLodOffset(sampler1DArrayShadow sampler, vec3 P, float lod, const int offset);
@ gl 130 es 300
gvec4 textureLodOffset(gsampler2D sampler, vec2 P, float lod, const ivec2 offset);
gvec4 textureLodOffset(gsampler3D sampler, vec3 P, float lod, const ivec3 offset);
gvec4 textureLodOffset(gsampler2DArray sampler, vec3 P, float lod, const ivec2 offset);
float textureLodOffset(sampler2DShadow sampler, vec3 P, float lod, const ivec2 offset);

// ---- textureProj
@ gl 130
gvec4 textureProj(gsampler1D sampler, vec2 P);
gvec4 textureProj(gsampler1D sampler, vec4 P);
gvec4 textureProj(gsampler2DRect sampler, vec3 P);
gvec4 textureProj(gsampler2DRect sampler, vec4 P);
float textureProj(sampler1DShadow sampler, vec4 P);
float textureProj(sampler2DRectShadow sampler, vec4 P);
@ gl 130 stage frag
gvec4 textureProj(gsampler1D sampler, vec2 P, float bias);
gvec4 textureProj(gsampler1D sampler, vec4 P, float bias);
float textureProj(sampler1DShadow sampler, vec4 P, float bias);
@ ext GL_NV_compute_shader_derivatives|GL_KHR_compute_shader_derivatives stage comp
gvec4 textureProj(gsampler1D sampler, vec2 P, float bias);
gvec4 textureProj(gsampler1D sampler, vec4 P, float bias);
gvec4 textureProj(gsampler2D sampler, vec3 P, float bias);
gvec4 textureProj(gsampler2D sampler, vec4 P, float bias);
gvec4 textureProj(gsampler3D sampler, vec4 P, float bias);
float textureProj(sampler1DShadow sampler, vec4 P, float bias);
float textureProj(sampler2DShadow sampler, vec4 P, float bias);
@ gl 130 es 300
gvec4 textureProj(gsampler2D sampler, vec3 P);
gvec4 textureProj(gsampler2D sampler, vec4 P);
gvec4 textureProj(gsampler3D sampler, vec4 P);
float textureProj(sampler2DShadow sampler, vec4 P);
@ gl 130 es 300 stage frag
gvec4 textureProj(gsampler2D sampler, vec3 P, float bias);
gvec4 textureProj(gsampler2D sampler, vec4 P, float bias);
gvec4 textureProj(gsampler3D sampler, vec4 P, float bias);
float textureProj(sampler2DShadow sampler, vec4 P, float bias);

// ---- textureProjGrad
@ gl 130
gvec4 textureProjGrad(gsampler1D sampler, vec2 P, float dPdx, float dPdy);
gvec4 textureProjGrad(gsampler1D sampler, vec4 P, float dPdx, float dPdy);
gvec4 textureProjGrad(gsampler2DRect sampler, vec3 P, vec2 dPdx, vec2 dPdy);
gvec4 textureProjGrad(gsampler2DRect sampler, vec4 P, vec2 dPdx, vec2 dPdy);
float textureProjGrad(sampler1DShadow sampler, vec4 P, float dPdx, float dPdy);
float textureProjGrad(sampler2DRectShadow sampler, vec4 P, vec2 dPdx, vec2 dPdy);
@ gl 130 es 300
gvec4 textureProjGrad(gsampler2D sampler, vec3 P, vec2 dPdx, vec2 dPdy);
gvec4 textureProjGrad(gsampler2D sampler, vec4 P, vec2 dPdx, vec2 dPdy);
gvec4 textureProjGrad(gsampler3D sampler, vec4 P, vec3 dPdx, vec3 dPdy);
float textureProjGrad(sampler2DShadow sampler, vec4 P, vec2 dPdx, vec2 dPdy);

// ---- textureProjOffset
@ gl 130
gvec4 textureProjOffset(gsampler1D sampler, vec2 P, const int offset);
gvec4 textureProjOffset(gsampler1D sampler, vec4 P, const int offset);
gvec4 textureProjOffset(gsampler2DRect sampler, vec3 P, const ivec2 offset);
gvec4 textureProjOffset(gsampler2DRect sampler, vec4 P, const ivec2 offset);
float textureProjOffset(sampler1DShadow sampler, vec4 P, const int offset);
float textureProjOffset(sampler2DRectShadow sampler, vec4 P, const ivec2 offset);
@ gl 130 stage frag
gvec4 textureProjOffset(gsampler1D sampler, vec2 P, const int offset, float bias);
gvec4 textureProjOffset(gsampler1D sampler, vec4 P, const int offset, float bias);
float textureProjOffset(sampler1DShadow sampler, vec4 P, const int offset, float bias);
@ ext GL_NV_compute_shader_derivatives|GL_KHR_compute_shader_derivatives stage comp
gvec4 textureProjOffset(gsampler1D sampler, vec2 P, const int offset, float bias);
gvec4 textureProjOffset(gsampler1D sampler, vec4 P, const int offset, float bias);
gvec4 textureProjOffset(gsampler2D sampler, vec3 P, const ivec2 offset, float bias);
gvec4 textureProjOffset(gsampler2D sampler, vec4 P, const ivec2 offset, float bias);
gvec4 textureProjOffset(gsampler3D sampler, vec4 P, const ivec3 offset, float bias);
float textureProjOffset(sampler1DShadow sampler, vec4 P, const int offset, float bias);
float textureProjOffset(sampler2DShadow sampler, vec4 P, const ivec2 offset, float bias);
@ gl 130 es 300
gvec4 textureProjOffset(gsampler2D sampler, vec3 P, const ivec2 offset);
gvec4 textureProjOffset(gsampler2D sampler, vec4 P, const ivec2 offset);
gvec4 textureProjOffset(gsampler3D sampler, vec4 P, const ivec3 offset);
float textureProjOffset(sampler2DShadow sampler, vec4 P, const ivec2 offset);
@ gl 130 es 300 stage frag
gvec4 textureProjOffset(gsampler2D sampler, vec3 P, const ivec2 offset, float bias);
gvec4 textureProjOffset(gsampler2D sampler, vec4 P, const ivec2 offset, float bias);
gvec4 textureProjOffset(gsampler3D sampler, vec4 P, const ivec3 offset, float bias);
float textureProjOffset(sampler2DShadow sampler, vec4 P, const ivec2 offset, float bias);

// ---- textureProjGradOffset
@ gl 130
gvec4 textureProjGradOffset(gsampler1D sampler, vec2 P, float dPdx, float dPdy, const int offset);
gvec4 textureProjGradOffset(gsampler1D sampler, vec4 P, float dPdx, float dPdy, const int offset);
gvec4 textureProjGradOffset(gsampler2DRect sampler, vec3 P, vec2 dPdx, vec2 dPdy, const ivec2 offset);
gvec4 textureProjGradOffset(gsampler2DRect sampler, vec4 P, vec2 dPdx, vec2 dPdy, const ivec2 offset);
float textureProjGradOffset(sampler1DShadow sampler, vec4 P, float dPdx, float dPdy, const int offset);
float textureProjGradOffset(sampler2DRectShadow sampler, vec4 P, vec2 dPdx, vec2 dPdy, const ivec2 offset);
@ gl 130 es 300
gvec4 textureProjGradOffset(gsampler2D sampler, vec3 P, vec2 dPdx, vec2 dPdy, const ivec2 offset);
gvec4 textureProjGradOffset(gsampler2D sampler, vec4 P, vec2 dPdx, vec2 dPdy, const ivec2 offset);
gvec4 textureProjGradOffset(gsampler3D sampler, vec4 P, vec3 dPdx, vec3 dPdy, const ivec3 offset);
float textureProjGradOffset(sampler2DShadow sampler, vec4 P, vec2 dPdx, vec2 dPdy, const ivec2 offset);

// ---- textureProjLod
@ gl 130
gvec4 textureProjLod(gsampler1D sampler, vec2 P, float lod);
gvec4 textureProjLod(gsampler1D sampler, vec4 P, float lod);
float textureProjLod(sampler1DShadow sampler, vec4 P, float lod);
@ gl 130 es 300
gvec4 textureProjLod(gsampler2D sampler, vec3 P, float lod);
gvec4 textureProjLod(gsampler2D sampler, vec4 P, float lod);
gvec4 textureProjLod(gsampler3D sampler, vec4 P, float lod);
float textureProjLod(sampler2DShadow sampler, vec4 P, float lod);

// ---- textureProjLodOffset
@ gl 130
gvec4 textureProjLodOffset(gsampler1D sampler, vec2 P, float lod, const int offset);
gvec4 textureProjLodOffset(gsampler1D sampler, vec4 P, float lod, const int offset);
float textureProjLodOffset(sampler1DShadow sampler, vec4 P, float lod, const int offset);
@ gl 130 es 300
gvec4 textureProjLodOffset(gsampler2D sampler, vec3 P, float lod, const ivec2 offset);
gvec4 textureProjLodOffset(gsampler2D sampler, vec4 P, float lod, const ivec2 offset);
gvec4 textureProjLodOffset(gsampler3D sampler, vec4 P, float lod, const ivec3 offset);
float textureProjLodOffset(sampler2DShadow sampler, vec4 P, float lod, const ivec2 offset);

// ==== Texture gather functions (8.9.3) ==========================================================
// GLSL 4.00 / ES 3.10; before 4.00 the plain 2D/2DArray/Cube/CubeArray forms (and
// textureGatherOffset on 2D/2DArray) need GL_ARB_texture_gather or GL_ARB_gpu_shader5, the
// component, shadow and rectangle forms GL_ARB_gpu_shader5 (glslang's profileRequires).

// ---- textureGather
@ gl 400 es 310 ext GL_ARB_texture_gather|GL_ARB_gpu_shader5
gvec4 textureGather(gsampler2D sampler, vec2 P);
gvec4 textureGather(gsamplerCube sampler, vec3 P);
gvec4 textureGather(gsampler2DArray sampler, vec3 P);
gvec4 textureGather(gsamplerCubeArray sampler, vec4 P);
@ gl 400 es 310 ext GL_ARB_gpu_shader5
gvec4 textureGather(gsampler2D sampler, vec2 P, const int comp);
gvec4 textureGather(gsamplerCube sampler, vec3 P, const int comp);
gvec4 textureGather(gsampler2DArray sampler, vec3 P, const int comp);
gvec4 textureGather(gsamplerCubeArray sampler, vec4 P, const int comp);
vec4 textureGather(sampler2DShadow sampler, vec2 P, float refZ);
vec4 textureGather(samplerCubeShadow sampler, vec3 P, float refZ);
vec4 textureGather(sampler2DArrayShadow sampler, vec3 P, float refZ);
vec4 textureGather(samplerCubeArrayShadow sampler, vec4 P, float refZ);
@ gl 400 ext GL_ARB_gpu_shader5
gvec4 textureGather(gsampler2DRect sampler, vec2 P);
gvec4 textureGather(gsampler2DRect sampler, vec2 P, const int comp);
vec4 textureGather(sampler2DRectShadow sampler, vec2 P, float refZ);

// ---- textureGatherOffset
@ gl 400 es 310 ext GL_ARB_texture_gather|GL_ARB_gpu_shader5
gvec4 textureGatherOffset(gsampler2D sampler, vec2 P, ivec2 offset);
gvec4 textureGatherOffset(gsampler2DArray sampler, vec3 P, ivec2 offset);
@ gl 400 es 310 ext GL_ARB_gpu_shader5
gvec4 textureGatherOffset(gsampler2D sampler, vec2 P, ivec2 offset, const int comp);
gvec4 textureGatherOffset(gsampler2DArray sampler, vec3 P, ivec2 offset, const int comp);
vec4 textureGatherOffset(sampler2DShadow sampler, vec2 P, float refZ, ivec2 offset);
vec4 textureGatherOffset(sampler2DArrayShadow sampler, vec3 P, float refZ, ivec2 offset);
@ gl 400 ext GL_ARB_gpu_shader5
gvec4 textureGatherOffset(gsampler2DRect sampler, vec2 P, ivec2 offset);
gvec4 textureGatherOffset(gsampler2DRect sampler, vec2 P, ivec2 offset, const int comp);
vec4 textureGatherOffset(sampler2DRectShadow sampler, vec2 P, float refZ, ivec2 offset);

// ==== GL_EXT_texture_shadow_lod =================================================================
// glslang declares these from GLSL 1.30 / ES 3.00 and requires the extension.
// (textureOffset(sampler2DArrayShadow, vec4, ivec2) without bias is in the lookup section:
// core from GLSL 4.30, or with this extension.)

// ---- texture
@ ext GL_EXT_texture_shadow_lod stage frag
float texture(sampler2DArrayShadow sampler, vec4 P, float bias);
float texture(samplerCubeArrayShadow sampler, vec4 P, float compare, float bias);
@ ext GL_NV_compute_shader_derivatives|GL_KHR_compute_shader_derivatives stage comp
float texture(sampler2DArrayShadow sampler, vec4 P, float bias);
float texture(samplerCubeArrayShadow sampler, vec4 P, float compare, float bias);

// ---- textureOffset
@ ext GL_EXT_texture_shadow_lod stage frag
float textureOffset(sampler2DArrayShadow sampler, vec4 P, const ivec2 offset, float bias);
@ ext GL_NV_compute_shader_derivatives|GL_KHR_compute_shader_derivatives stage comp
float textureOffset(sampler2DArrayShadow sampler, vec4 P, const ivec2 offset, float bias);

// ---- textureLod
@ ext GL_EXT_texture_shadow_lod
float textureLod(sampler2DArrayShadow sampler, vec4 P, float lod);
float textureLod(samplerCubeShadow sampler, vec4 P, float lod);
float textureLod(samplerCubeArrayShadow sampler, vec4 P, float compare, float lod);

// ---- textureLodOffset
@ ext GL_EXT_texture_shadow_lod
float textureLodOffset(sampler2DArrayShadow sampler, vec4 P, float lod, const ivec2 offset);

// ==== GL_ARB_sparse_texture2 and GL_ARB_sparse_texture_clamp ====================================
// Desktop only (glslang: GLSL 4.50 and the extension; Mesa: GLSL 1.30 and the extension).

// ---- textureClampARB
@ ext GL_ARB_sparse_texture_clamp stage frag
gvec4 textureClampARB(gsampler1D sampler, float P, float lodClamp);
gvec4 textureClampARB(gsampler1D sampler, float P, float lodClamp, float bias);
gvec4 textureClampARB(gsampler2D sampler, vec2 P, float lodClamp);
gvec4 textureClampARB(gsampler2D sampler, vec2 P, float lodClamp, float bias);
gvec4 textureClampARB(gsampler3D sampler, vec3 P, float lodClamp);
gvec4 textureClampARB(gsampler3D sampler, vec3 P, float lodClamp, float bias);
gvec4 textureClampARB(gsamplerCube sampler, vec3 P, float lodClamp);
gvec4 textureClampARB(gsamplerCube sampler, vec3 P, float lodClamp, float bias);
gvec4 textureClampARB(gsampler2DRect sampler, vec2 P, float lodClamp);
gvec4 textureClampARB(gsampler1DArray sampler, vec2 P, float lodClamp);
gvec4 textureClampARB(gsampler1DArray sampler, vec2 P, float lodClamp, float bias);
gvec4 textureClampARB(gsampler2DArray sampler, vec3 P, float lodClamp);
gvec4 textureClampARB(gsampler2DArray sampler, vec3 P, float lodClamp, float bias);
gvec4 textureClampARB(gsamplerCubeArray sampler, vec4 P, float lodClamp);
gvec4 textureClampARB(gsamplerCubeArray sampler, vec4 P, float lodClamp, float bias);
float textureClampARB(sampler1DShadow sampler, vec3 P, float lodClamp);
float textureClampARB(sampler1DShadow sampler, vec3 P, float lodClamp, float bias);
float textureClampARB(sampler2DShadow sampler, vec3 P, float lodClamp);
float textureClampARB(sampler2DShadow sampler, vec3 P, float lodClamp, float bias);
float textureClampARB(samplerCubeShadow sampler, vec4 P, float lodClamp);
float textureClampARB(samplerCubeShadow sampler, vec4 P, float lodClamp, float bias);
float textureClampARB(sampler2DRectShadow sampler, vec3 P, float lodClamp);
float textureClampARB(sampler1DArrayShadow sampler, vec3 P, float lodClamp);
float textureClampARB(sampler1DArrayShadow sampler, vec3 P, float lodClamp, float bias);
float textureClampARB(sampler2DArrayShadow sampler, vec4 P, float lodClamp);
float textureClampARB(samplerCubeArrayShadow sampler, vec4 P, float compare, float lodClamp);
@ ext GL_NV_compute_shader_derivatives|GL_KHR_compute_shader_derivatives stage comp
gvec4 textureClampARB(gsampler1D sampler, float P, float lodClamp);
gvec4 textureClampARB(gsampler1D sampler, float P, float lodClamp, float bias);
gvec4 textureClampARB(gsampler2D sampler, vec2 P, float lodClamp);
gvec4 textureClampARB(gsampler2D sampler, vec2 P, float lodClamp, float bias);
gvec4 textureClampARB(gsampler3D sampler, vec3 P, float lodClamp);
gvec4 textureClampARB(gsampler3D sampler, vec3 P, float lodClamp, float bias);
gvec4 textureClampARB(gsamplerCube sampler, vec3 P, float lodClamp);
gvec4 textureClampARB(gsamplerCube sampler, vec3 P, float lodClamp, float bias);
gvec4 textureClampARB(gsampler2DRect sampler, vec2 P, float lodClamp);
gvec4 textureClampARB(gsampler1DArray sampler, vec2 P, float lodClamp);
gvec4 textureClampARB(gsampler1DArray sampler, vec2 P, float lodClamp, float bias);
gvec4 textureClampARB(gsampler2DArray sampler, vec3 P, float lodClamp);
gvec4 textureClampARB(gsampler2DArray sampler, vec3 P, float lodClamp, float bias);
gvec4 textureClampARB(gsamplerCubeArray sampler, vec4 P, float lodClamp);
gvec4 textureClampARB(gsamplerCubeArray sampler, vec4 P, float lodClamp, float bias);
float textureClampARB(sampler1DShadow sampler, vec3 P, float lodClamp);
float textureClampARB(sampler1DShadow sampler, vec3 P, float lodClamp, float bias);
float textureClampARB(sampler2DShadow sampler, vec3 P, float lodClamp);
float textureClampARB(sampler2DShadow sampler, vec3 P, float lodClamp, float bias);
float textureClampARB(samplerCubeShadow sampler, vec4 P, float lodClamp);
float textureClampARB(samplerCubeShadow sampler, vec4 P, float lodClamp, float bias);
float textureClampARB(sampler2DRectShadow sampler, vec3 P, float lodClamp);
float textureClampARB(sampler1DArrayShadow sampler, vec3 P, float lodClamp);
float textureClampARB(sampler1DArrayShadow sampler, vec3 P, float lodClamp, float bias);
float textureClampARB(sampler2DArrayShadow sampler, vec4 P, float lodClamp);
float textureClampARB(samplerCubeArrayShadow sampler, vec4 P, float compare, float lodClamp);

// ---- textureGradClampARB
@ ext GL_ARB_sparse_texture_clamp
gvec4 textureGradClampARB(gsampler1D sampler, float P, float dPdx, float dPdy, float lodClamp);
gvec4 textureGradClampARB(gsampler2D sampler, vec2 P, vec2 dPdx, vec2 dPdy, float lodClamp);
gvec4 textureGradClampARB(gsampler3D sampler, vec3 P, vec3 dPdx, vec3 dPdy, float lodClamp);
gvec4 textureGradClampARB(gsamplerCube sampler, vec3 P, vec3 dPdx, vec3 dPdy, float lodClamp);
gvec4 textureGradClampARB(gsampler2DRect sampler, vec2 P, vec2 dPdx, vec2 dPdy, float lodClamp);
gvec4 textureGradClampARB(gsampler1DArray sampler, vec2 P, float dPdx, float dPdy, float lodClamp);
gvec4 textureGradClampARB(gsampler2DArray sampler, vec3 P, vec2 dPdx, vec2 dPdy, float lodClamp);
gvec4 textureGradClampARB(gsamplerCubeArray sampler, vec4 P, vec3 dPdx, vec3 dPdy, float lodClamp);
float textureGradClampARB(sampler1DShadow sampler, vec3 P, float dPdx, float dPdy, float lodClamp);
float textureGradClampARB(sampler2DShadow sampler, vec3 P, vec2 dPdx, vec2 dPdy, float lodClamp);
float textureGradClampARB(samplerCubeShadow sampler, vec4 P, vec3 dPdx, vec3 dPdy, float lodClamp);
float textureGradClampARB(sampler2DRectShadow sampler, vec3 P, vec2 dPdx, vec2 dPdy, float lodClamp);
float textureGradClampARB(sampler1DArrayShadow sampler, vec3 P, float dPdx, float dPdy, float lodClamp);
float textureGradClampARB(sampler2DArrayShadow sampler, vec4 P, vec2 dPdx, vec2 dPdy, float lodClamp);

// ---- textureOffsetClampARB
@ ext GL_ARB_sparse_texture_clamp stage frag
gvec4 textureOffsetClampARB(gsampler1D sampler, float P, const int offset, float lodClamp);
gvec4 textureOffsetClampARB(gsampler1D sampler, float P, const int offset, float lodClamp, float bias);
gvec4 textureOffsetClampARB(gsampler2D sampler, vec2 P, const ivec2 offset, float lodClamp);
gvec4 textureOffsetClampARB(gsampler2D sampler, vec2 P, const ivec2 offset, float lodClamp, float bias);
gvec4 textureOffsetClampARB(gsampler3D sampler, vec3 P, const ivec3 offset, float lodClamp);
gvec4 textureOffsetClampARB(gsampler3D sampler, vec3 P, const ivec3 offset, float lodClamp, float bias);
gvec4 textureOffsetClampARB(gsampler2DRect sampler, vec2 P, const ivec2 offset, float lodClamp);
gvec4 textureOffsetClampARB(gsampler1DArray sampler, vec2 P, const int offset, float lodClamp);
gvec4 textureOffsetClampARB(gsampler1DArray sampler, vec2 P, const int offset, float lodClamp, float bias);
gvec4 textureOffsetClampARB(gsampler2DArray sampler, vec3 P, const ivec2 offset, float lodClamp);
gvec4 textureOffsetClampARB(gsampler2DArray sampler, vec3 P, const ivec2 offset, float lodClamp, float bias);
float textureOffsetClampARB(sampler1DShadow sampler, vec3 P, const int offset, float lodClamp);
float textureOffsetClampARB(sampler1DShadow sampler, vec3 P, const int offset, float lodClamp, float bias);
float textureOffsetClampARB(sampler2DShadow sampler, vec3 P, const ivec2 offset, float lodClamp);
float textureOffsetClampARB(sampler2DShadow sampler, vec3 P, const ivec2 offset, float lodClamp, float bias);
float textureOffsetClampARB(sampler2DRectShadow sampler, vec3 P, const ivec2 offset, float lodClamp);
float textureOffsetClampARB(sampler1DArrayShadow sampler, vec3 P, const int offset, float lodClamp);
float textureOffsetClampARB(sampler1DArrayShadow sampler, vec3 P, const int offset, float lodClamp, float bias);
float textureOffsetClampARB(sampler2DArrayShadow sampler, vec4 P, const ivec2 offset, float lodClamp);
@ ext GL_NV_compute_shader_derivatives|GL_KHR_compute_shader_derivatives stage comp
gvec4 textureOffsetClampARB(gsampler1D sampler, float P, const int offset, float lodClamp);
gvec4 textureOffsetClampARB(gsampler1D sampler, float P, const int offset, float lodClamp, float bias);
gvec4 textureOffsetClampARB(gsampler2D sampler, vec2 P, const ivec2 offset, float lodClamp);
gvec4 textureOffsetClampARB(gsampler2D sampler, vec2 P, const ivec2 offset, float lodClamp, float bias);
gvec4 textureOffsetClampARB(gsampler3D sampler, vec3 P, const ivec3 offset, float lodClamp);
gvec4 textureOffsetClampARB(gsampler3D sampler, vec3 P, const ivec3 offset, float lodClamp, float bias);
gvec4 textureOffsetClampARB(gsampler2DRect sampler, vec2 P, const ivec2 offset, float lodClamp);
gvec4 textureOffsetClampARB(gsampler1DArray sampler, vec2 P, const int offset, float lodClamp);
gvec4 textureOffsetClampARB(gsampler1DArray sampler, vec2 P, const int offset, float lodClamp, float bias);
gvec4 textureOffsetClampARB(gsampler2DArray sampler, vec3 P, const ivec2 offset, float lodClamp);
gvec4 textureOffsetClampARB(gsampler2DArray sampler, vec3 P, const ivec2 offset, float lodClamp, float bias);
float textureOffsetClampARB(sampler1DShadow sampler, vec3 P, const int offset, float lodClamp);
float textureOffsetClampARB(sampler1DShadow sampler, vec3 P, const int offset, float lodClamp, float bias);
float textureOffsetClampARB(sampler2DShadow sampler, vec3 P, const ivec2 offset, float lodClamp);
float textureOffsetClampARB(sampler2DShadow sampler, vec3 P, const ivec2 offset, float lodClamp, float bias);
float textureOffsetClampARB(sampler2DRectShadow sampler, vec3 P, const ivec2 offset, float lodClamp);
float textureOffsetClampARB(sampler1DArrayShadow sampler, vec3 P, const int offset, float lodClamp);
float textureOffsetClampARB(sampler1DArrayShadow sampler, vec3 P, const int offset, float lodClamp, float bias);
float textureOffsetClampARB(sampler2DArrayShadow sampler, vec4 P, const ivec2 offset, float lodClamp);

// ---- textureGradOffsetClampARB
@ ext GL_ARB_sparse_texture_clamp
gvec4 textureGradOffsetClampARB(gsampler1D sampler, float P, float dPdx, float dPdy, const int offset, float lodClamp);
gvec4 textureGradOffsetClampARB(gsampler2D sampler, vec2 P, vec2 dPdx, vec2 dPdy, const ivec2 offset, float lodClamp);
gvec4 textureGradOffsetClampARB(gsampler3D sampler, vec3 P, vec3 dPdx, vec3 dPdy, const ivec3 offset, float lodClamp);
gvec4 textureGradOffsetClampARB(gsampler2DRect sampler, vec2 P, vec2 dPdx, vec2 dPdy, const ivec2 offset, float lodClamp);
gvec4 textureGradOffsetClampARB(gsampler1DArray sampler, vec2 P, float dPdx, float dPdy, const int offset, float lodClamp);
gvec4 textureGradOffsetClampARB(gsampler2DArray sampler, vec3 P, vec2 dPdx, vec2 dPdy, const ivec2 offset, float lodClamp);
float textureGradOffsetClampARB(sampler1DShadow sampler, vec3 P, float dPdx, float dPdy, const int offset, float lodClamp);
float textureGradOffsetClampARB(sampler2DShadow sampler, vec3 P, vec2 dPdx, vec2 dPdy, const ivec2 offset, float lodClamp);
float textureGradOffsetClampARB(sampler2DRectShadow sampler, vec3 P, vec2 dPdx, vec2 dPdy, const ivec2 offset, float lodClamp);
float textureGradOffsetClampARB(sampler1DArrayShadow sampler, vec3 P, float dPdx, float dPdy, const int offset, float lodClamp);
float textureGradOffsetClampARB(sampler2DArrayShadow sampler, vec4 P, vec2 dPdx, vec2 dPdy, const ivec2 offset, float lodClamp);

// ---- sparseTextureARB
@ ext GL_ARB_sparse_texture2
int sparseTextureARB(gsampler2D sampler, vec2 P, out gvec4 texel);
int sparseTextureARB(gsampler3D sampler, vec3 P, out gvec4 texel);
int sparseTextureARB(gsamplerCube sampler, vec3 P, out gvec4 texel);
int sparseTextureARB(gsampler2DRect sampler, vec2 P, out gvec4 texel);
int sparseTextureARB(gsampler2DArray sampler, vec3 P, out gvec4 texel);
int sparseTextureARB(gsamplerCubeArray sampler, vec4 P, out gvec4 texel);
int sparseTextureARB(sampler2DShadow sampler, vec3 P, out float texel);
int sparseTextureARB(samplerCubeShadow sampler, vec4 P, out float texel);
int sparseTextureARB(sampler2DRectShadow sampler, vec3 P, out float texel);
int sparseTextureARB(sampler2DArrayShadow sampler, vec4 P, out float texel);
int sparseTextureARB(samplerCubeArrayShadow sampler, vec4 P, float compare, out float texel);
@ ext GL_ARB_sparse_texture2 stage frag
int sparseTextureARB(gsampler2D sampler, vec2 P, out gvec4 texel, float bias);
int sparseTextureARB(gsampler3D sampler, vec3 P, out gvec4 texel, float bias);
int sparseTextureARB(gsamplerCube sampler, vec3 P, out gvec4 texel, float bias);
int sparseTextureARB(gsampler2DArray sampler, vec3 P, out gvec4 texel, float bias);
int sparseTextureARB(gsamplerCubeArray sampler, vec4 P, out gvec4 texel, float bias);
int sparseTextureARB(sampler2DShadow sampler, vec3 P, out float texel, float bias);
int sparseTextureARB(samplerCubeShadow sampler, vec4 P, out float texel, float bias);
@ ext GL_NV_compute_shader_derivatives|GL_KHR_compute_shader_derivatives stage comp
int sparseTextureARB(gsampler2D sampler, vec2 P, out gvec4 texel, float bias);
int sparseTextureARB(gsampler3D sampler, vec3 P, out gvec4 texel, float bias);
int sparseTextureARB(gsamplerCube sampler, vec3 P, out gvec4 texel, float bias);
int sparseTextureARB(gsampler2DArray sampler, vec3 P, out gvec4 texel, float bias);
int sparseTextureARB(gsamplerCubeArray sampler, vec4 P, out gvec4 texel, float bias);
int sparseTextureARB(sampler2DShadow sampler, vec3 P, out float texel, float bias);
int sparseTextureARB(samplerCubeShadow sampler, vec4 P, out float texel, float bias);

// ---- sparseTextureClampARB
@ ext GL_ARB_sparse_texture_clamp stage frag
int sparseTextureClampARB(gsampler2D sampler, vec2 P, float lodClamp, out gvec4 texel);
int sparseTextureClampARB(gsampler2D sampler, vec2 P, float lodClamp, out gvec4 texel, float bias);
int sparseTextureClampARB(gsampler3D sampler, vec3 P, float lodClamp, out gvec4 texel);
int sparseTextureClampARB(gsampler3D sampler, vec3 P, float lodClamp, out gvec4 texel, float bias);
int sparseTextureClampARB(gsamplerCube sampler, vec3 P, float lodClamp, out gvec4 texel);
int sparseTextureClampARB(gsamplerCube sampler, vec3 P, float lodClamp, out gvec4 texel, float bias);
int sparseTextureClampARB(gsampler2DRect sampler, vec2 P, float lodClamp, out gvec4 texel);
int sparseTextureClampARB(gsampler2DArray sampler, vec3 P, float lodClamp, out gvec4 texel);
int sparseTextureClampARB(gsampler2DArray sampler, vec3 P, float lodClamp, out gvec4 texel, float bias);
int sparseTextureClampARB(gsamplerCubeArray sampler, vec4 P, float lodClamp, out gvec4 texel);
int sparseTextureClampARB(gsamplerCubeArray sampler, vec4 P, float lodClamp, out gvec4 texel, float bias);
int sparseTextureClampARB(sampler2DShadow sampler, vec3 P, float lodClamp, out float texel);
int sparseTextureClampARB(sampler2DShadow sampler, vec3 P, float lodClamp, out float texel, float bias);
int sparseTextureClampARB(samplerCubeShadow sampler, vec4 P, float lodClamp, out float texel);
int sparseTextureClampARB(samplerCubeShadow sampler, vec4 P, float lodClamp, out float texel, float bias);
int sparseTextureClampARB(sampler2DRectShadow sampler, vec3 P, float lodClamp, out float texel);
int sparseTextureClampARB(sampler2DArrayShadow sampler, vec4 P, float lodClamp, out float texel);
int sparseTextureClampARB(samplerCubeArrayShadow sampler, vec4 P, float compare, float lodClamp, out float texel);
@ ext GL_NV_compute_shader_derivatives|GL_KHR_compute_shader_derivatives stage comp
int sparseTextureClampARB(gsampler2D sampler, vec2 P, float lodClamp, out gvec4 texel);
int sparseTextureClampARB(gsampler2D sampler, vec2 P, float lodClamp, out gvec4 texel, float bias);
int sparseTextureClampARB(gsampler3D sampler, vec3 P, float lodClamp, out gvec4 texel);
int sparseTextureClampARB(gsampler3D sampler, vec3 P, float lodClamp, out gvec4 texel, float bias);
int sparseTextureClampARB(gsamplerCube sampler, vec3 P, float lodClamp, out gvec4 texel);
int sparseTextureClampARB(gsamplerCube sampler, vec3 P, float lodClamp, out gvec4 texel, float bias);
int sparseTextureClampARB(gsampler2DRect sampler, vec2 P, float lodClamp, out gvec4 texel);
int sparseTextureClampARB(gsampler2DArray sampler, vec3 P, float lodClamp, out gvec4 texel);
int sparseTextureClampARB(gsampler2DArray sampler, vec3 P, float lodClamp, out gvec4 texel, float bias);
int sparseTextureClampARB(gsamplerCubeArray sampler, vec4 P, float lodClamp, out gvec4 texel);
int sparseTextureClampARB(gsamplerCubeArray sampler, vec4 P, float lodClamp, out gvec4 texel, float bias);
int sparseTextureClampARB(sampler2DShadow sampler, vec3 P, float lodClamp, out float texel);
int sparseTextureClampARB(sampler2DShadow sampler, vec3 P, float lodClamp, out float texel, float bias);
int sparseTextureClampARB(samplerCubeShadow sampler, vec4 P, float lodClamp, out float texel);
int sparseTextureClampARB(samplerCubeShadow sampler, vec4 P, float lodClamp, out float texel, float bias);
int sparseTextureClampARB(sampler2DRectShadow sampler, vec3 P, float lodClamp, out float texel);
int sparseTextureClampARB(sampler2DArrayShadow sampler, vec4 P, float lodClamp, out float texel);
int sparseTextureClampARB(samplerCubeArrayShadow sampler, vec4 P, float compare, float lodClamp, out float texel);

// ---- sparseTextureGradARB
@ ext GL_ARB_sparse_texture2
int sparseTextureGradARB(gsampler2D sampler, vec2 P, vec2 dPdx, vec2 dPdy, out gvec4 texel);
int sparseTextureGradARB(gsampler3D sampler, vec3 P, vec3 dPdx, vec3 dPdy, out gvec4 texel);
int sparseTextureGradARB(gsamplerCube sampler, vec3 P, vec3 dPdx, vec3 dPdy, out gvec4 texel);
int sparseTextureGradARB(gsampler2DRect sampler, vec2 P, vec2 dPdx, vec2 dPdy, out gvec4 texel);
int sparseTextureGradARB(gsampler2DArray sampler, vec3 P, vec2 dPdx, vec2 dPdy, out gvec4 texel);
int sparseTextureGradARB(gsamplerCubeArray sampler, vec4 P, vec3 dPdx, vec3 dPdy, out gvec4 texel);
int sparseTextureGradARB(sampler2DShadow sampler, vec3 P, vec2 dPdx, vec2 dPdy, out float texel);
int sparseTextureGradARB(samplerCubeShadow sampler, vec4 P, vec3 dPdx, vec3 dPdy, out float texel);
int sparseTextureGradARB(sampler2DRectShadow sampler, vec3 P, vec2 dPdx, vec2 dPdy, out float texel);
int sparseTextureGradARB(sampler2DArrayShadow sampler, vec4 P, vec2 dPdx, vec2 dPdy, out float texel);

// ---- sparseTextureGradClampARB
@ ext GL_ARB_sparse_texture_clamp
int sparseTextureGradClampARB(gsampler2D sampler, vec2 P, vec2 dPdx, vec2 dPdy, float lodClamp, out gvec4 texel);
int sparseTextureGradClampARB(gsampler3D sampler, vec3 P, vec3 dPdx, vec3 dPdy, float lodClamp, out gvec4 texel);
int sparseTextureGradClampARB(gsamplerCube sampler, vec3 P, vec3 dPdx, vec3 dPdy, float lodClamp, out gvec4 texel);
int sparseTextureGradClampARB(gsampler2DRect sampler, vec2 P, vec2 dPdx, vec2 dPdy, float lodClamp, out gvec4 texel);
int sparseTextureGradClampARB(gsampler2DArray sampler, vec3 P, vec2 dPdx, vec2 dPdy, float lodClamp, out gvec4 texel);
int sparseTextureGradClampARB(gsamplerCubeArray sampler, vec4 P, vec3 dPdx, vec3 dPdy, float lodClamp, out gvec4 texel);
int sparseTextureGradClampARB(sampler2DShadow sampler, vec3 P, vec2 dPdx, vec2 dPdy, float lodClamp, out float texel);
int sparseTextureGradClampARB(samplerCubeShadow sampler, vec4 P, vec3 dPdx, vec3 dPdy, float lodClamp, out float texel);
int sparseTextureGradClampARB(sampler2DRectShadow sampler, vec3 P, vec2 dPdx, vec2 dPdy, float lodClamp, out float texel);
int sparseTextureGradClampARB(sampler2DArrayShadow sampler, vec4 P, vec2 dPdx, vec2 dPdy, float lodClamp, out float texel);

// ---- sparseTexelFetchARB
@ ext GL_ARB_sparse_texture2
int sparseTexelFetchARB(gsampler2D sampler, ivec2 P, int lod, out gvec4 texel);
int sparseTexelFetchARB(gsampler3D sampler, ivec3 P, int lod, out gvec4 texel);
int sparseTexelFetchARB(gsampler2DRect sampler, ivec2 P, out gvec4 texel);
int sparseTexelFetchARB(gsampler2DArray sampler, ivec3 P, int lod, out gvec4 texel);
int sparseTexelFetchARB(gsampler2DMS sampler, ivec2 P, int sample, out gvec4 texel);
int sparseTexelFetchARB(gsampler2DMSArray sampler, ivec3 P, int sample, out gvec4 texel);

// ---- sparseTextureOffsetARB
@ ext GL_ARB_sparse_texture2
int sparseTextureOffsetARB(gsampler2D sampler, vec2 P, const ivec2 offset, out gvec4 texel);
int sparseTextureOffsetARB(gsampler3D sampler, vec3 P, const ivec3 offset, out gvec4 texel);
int sparseTextureOffsetARB(gsampler2DRect sampler, vec2 P, const ivec2 offset, out gvec4 texel);
int sparseTextureOffsetARB(gsampler2DArray sampler, vec3 P, const ivec2 offset, out gvec4 texel);
int sparseTextureOffsetARB(sampler2DShadow sampler, vec3 P, const ivec2 offset, out float texel);
int sparseTextureOffsetARB(sampler2DRectShadow sampler, vec3 P, const ivec2 offset, out float texel);
int sparseTextureOffsetARB(sampler2DArrayShadow sampler, vec4 P, const ivec2 offset, out float texel);
@ ext GL_ARB_sparse_texture2 stage frag
int sparseTextureOffsetARB(gsampler2D sampler, vec2 P, const ivec2 offset, out gvec4 texel, float bias);
int sparseTextureOffsetARB(gsampler3D sampler, vec3 P, const ivec3 offset, out gvec4 texel, float bias);
int sparseTextureOffsetARB(gsampler2DArray sampler, vec3 P, const ivec2 offset, out gvec4 texel, float bias);
int sparseTextureOffsetARB(sampler2DShadow sampler, vec3 P, const ivec2 offset, out float texel, float bias);
@ ext GL_NV_compute_shader_derivatives|GL_KHR_compute_shader_derivatives stage comp
int sparseTextureOffsetARB(gsampler2D sampler, vec2 P, const ivec2 offset, out gvec4 texel, float bias);
int sparseTextureOffsetARB(gsampler3D sampler, vec3 P, const ivec3 offset, out gvec4 texel, float bias);
int sparseTextureOffsetARB(gsampler2DArray sampler, vec3 P, const ivec2 offset, out gvec4 texel, float bias);
int sparseTextureOffsetARB(sampler2DShadow sampler, vec3 P, const ivec2 offset, out float texel, float bias);

// ---- sparseTextureOffsetClampARB
@ ext GL_ARB_sparse_texture_clamp stage frag
int sparseTextureOffsetClampARB(gsampler2D sampler, vec2 P, const ivec2 offset, float lodClamp, out gvec4 texel);
int sparseTextureOffsetClampARB(gsampler2D sampler, vec2 P, const ivec2 offset, float lodClamp, out gvec4 texel, float bias);
int sparseTextureOffsetClampARB(gsampler3D sampler, vec3 P, const ivec3 offset, float lodClamp, out gvec4 texel);
int sparseTextureOffsetClampARB(gsampler3D sampler, vec3 P, const ivec3 offset, float lodClamp, out gvec4 texel, float bias);
int sparseTextureOffsetClampARB(gsampler2DRect sampler, vec2 P, const ivec2 offset, float lodClamp, out gvec4 texel);
int sparseTextureOffsetClampARB(gsampler2DArray sampler, vec3 P, const ivec2 offset, float lodClamp, out gvec4 texel);
int sparseTextureOffsetClampARB(gsampler2DArray sampler, vec3 P, const ivec2 offset, float lodClamp, out gvec4 texel, float bias);
int sparseTextureOffsetClampARB(sampler2DShadow sampler, vec3 P, const ivec2 offset, float lodClamp, out float texel);
int sparseTextureOffsetClampARB(sampler2DShadow sampler, vec3 P, const ivec2 offset, float lodClamp, out float texel, float bias);
int sparseTextureOffsetClampARB(sampler2DRectShadow sampler, vec3 P, const ivec2 offset, float lodClamp, out float texel);
int sparseTextureOffsetClampARB(sampler2DArrayShadow sampler, vec4 P, const ivec2 offset, float lodClamp, out float texel);
@ ext GL_NV_compute_shader_derivatives|GL_KHR_compute_shader_derivatives stage comp
int sparseTextureOffsetClampARB(gsampler2D sampler, vec2 P, const ivec2 offset, float lodClamp, out gvec4 texel);
int sparseTextureOffsetClampARB(gsampler2D sampler, vec2 P, const ivec2 offset, float lodClamp, out gvec4 texel, float bias);
int sparseTextureOffsetClampARB(gsampler3D sampler, vec3 P, const ivec3 offset, float lodClamp, out gvec4 texel);
int sparseTextureOffsetClampARB(gsampler3D sampler, vec3 P, const ivec3 offset, float lodClamp, out gvec4 texel, float bias);
int sparseTextureOffsetClampARB(gsampler2DRect sampler, vec2 P, const ivec2 offset, float lodClamp, out gvec4 texel);
int sparseTextureOffsetClampARB(gsampler2DArray sampler, vec3 P, const ivec2 offset, float lodClamp, out gvec4 texel);
int sparseTextureOffsetClampARB(gsampler2DArray sampler, vec3 P, const ivec2 offset, float lodClamp, out gvec4 texel, float bias);
int sparseTextureOffsetClampARB(sampler2DShadow sampler, vec3 P, const ivec2 offset, float lodClamp, out float texel);
int sparseTextureOffsetClampARB(sampler2DShadow sampler, vec3 P, const ivec2 offset, float lodClamp, out float texel, float bias);
int sparseTextureOffsetClampARB(sampler2DRectShadow sampler, vec3 P, const ivec2 offset, float lodClamp, out float texel);
int sparseTextureOffsetClampARB(sampler2DArrayShadow sampler, vec4 P, const ivec2 offset, float lodClamp, out float texel);

// ---- sparseTextureGradOffsetARB
@ ext GL_ARB_sparse_texture2
int sparseTextureGradOffsetARB(gsampler2D sampler, vec2 P, vec2 dPdx, vec2 dPdy, const ivec2 offset, out gvec4 texel);
int sparseTextureGradOffsetARB(gsampler3D sampler, vec3 P, vec3 dPdx, vec3 dPdy, const ivec3 offset, out gvec4 texel);
int sparseTextureGradOffsetARB(gsampler2DRect sampler, vec2 P, vec2 dPdx, vec2 dPdy, const ivec2 offset, out gvec4 texel);
int sparseTextureGradOffsetARB(gsampler2DArray sampler, vec3 P, vec2 dPdx, vec2 dPdy, const ivec2 offset, out gvec4 texel);
int sparseTextureGradOffsetARB(sampler2DShadow sampler, vec3 P, vec2 dPdx, vec2 dPdy, const ivec2 offset, out float texel);
int sparseTextureGradOffsetARB(sampler2DRectShadow sampler, vec3 P, vec2 dPdx, vec2 dPdy, const ivec2 offset, out float texel);
int sparseTextureGradOffsetARB(sampler2DArrayShadow sampler, vec4 P, vec2 dPdx, vec2 dPdy, const ivec2 offset, out float texel);

// ---- sparseTextureGradOffsetClampARB
@ ext GL_ARB_sparse_texture_clamp
int sparseTextureGradOffsetClampARB(gsampler2D sampler, vec2 P, vec2 dPdx, vec2 dPdy, const ivec2 offset, float lodClamp, out gvec4 texel);
int sparseTextureGradOffsetClampARB(gsampler3D sampler, vec3 P, vec3 dPdx, vec3 dPdy, const ivec3 offset, float lodClamp, out gvec4 texel);
int sparseTextureGradOffsetClampARB(gsampler2DRect sampler, vec2 P, vec2 dPdx, vec2 dPdy, const ivec2 offset, float lodClamp, out gvec4 texel);
int sparseTextureGradOffsetClampARB(gsampler2DArray sampler, vec3 P, vec2 dPdx, vec2 dPdy, const ivec2 offset, float lodClamp, out gvec4 texel);
int sparseTextureGradOffsetClampARB(sampler2DShadow sampler, vec3 P, vec2 dPdx, vec2 dPdy, const ivec2 offset, float lodClamp, out float texel);
int sparseTextureGradOffsetClampARB(sampler2DRectShadow sampler, vec3 P, vec2 dPdx, vec2 dPdy, const ivec2 offset, float lodClamp, out float texel);
int sparseTextureGradOffsetClampARB(sampler2DArrayShadow sampler, vec4 P, vec2 dPdx, vec2 dPdy, const ivec2 offset, float lodClamp, out float texel);

// ---- sparseTexelFetchOffsetARB
@ ext GL_ARB_sparse_texture2
int sparseTexelFetchOffsetARB(gsampler2D sampler, ivec2 P, int lod, const ivec2 offset, out gvec4 texel);
int sparseTexelFetchOffsetARB(gsampler3D sampler, ivec3 P, int lod, const ivec3 offset, out gvec4 texel);
int sparseTexelFetchOffsetARB(gsampler2DRect sampler, ivec2 P, const ivec2 offset, out gvec4 texel);
int sparseTexelFetchOffsetARB(gsampler2DArray sampler, ivec3 P, int lod, const ivec2 offset, out gvec4 texel);

// ---- sparseTextureLodARB
@ ext GL_ARB_sparse_texture2
int sparseTextureLodARB(gsampler2D sampler, vec2 P, float lod, out gvec4 texel);
int sparseTextureLodARB(gsampler3D sampler, vec3 P, float lod, out gvec4 texel);
int sparseTextureLodARB(gsamplerCube sampler, vec3 P, float lod, out gvec4 texel);
int sparseTextureLodARB(gsampler2DArray sampler, vec3 P, float lod, out gvec4 texel);
int sparseTextureLodARB(gsamplerCubeArray sampler, vec4 P, float lod, out gvec4 texel);
int sparseTextureLodARB(sampler2DShadow sampler, vec3 P, float lod, out float texel);

// ---- sparseTextureLodOffsetARB
@ ext GL_ARB_sparse_texture2
int sparseTextureLodOffsetARB(gsampler2D sampler, vec2 P, float lod, const ivec2 offset, out gvec4 texel);
int sparseTextureLodOffsetARB(gsampler3D sampler, vec3 P, float lod, const ivec3 offset, out gvec4 texel);
int sparseTextureLodOffsetARB(gsampler2DArray sampler, vec3 P, float lod, const ivec2 offset, out gvec4 texel);
int sparseTextureLodOffsetARB(sampler2DShadow sampler, vec3 P, float lod, const ivec2 offset, out float texel);

// ---- sparseTextureGatherARB
@ ext GL_ARB_sparse_texture2
int sparseTextureGatherARB(gsampler2D sampler, vec2 P, out gvec4 texel);
int sparseTextureGatherARB(gsampler2D sampler, vec2 P, out gvec4 texel, const int comp);
int sparseTextureGatherARB(gsamplerCube sampler, vec3 P, out gvec4 texel);
int sparseTextureGatherARB(gsamplerCube sampler, vec3 P, out gvec4 texel, const int comp);
int sparseTextureGatherARB(gsampler2DRect sampler, vec2 P, out gvec4 texel);
int sparseTextureGatherARB(gsampler2DRect sampler, vec2 P, out gvec4 texel, const int comp);
int sparseTextureGatherARB(gsampler2DArray sampler, vec3 P, out gvec4 texel);
int sparseTextureGatherARB(gsampler2DArray sampler, vec3 P, out gvec4 texel, const int comp);
int sparseTextureGatherARB(gsamplerCubeArray sampler, vec4 P, out gvec4 texel);
int sparseTextureGatherARB(gsamplerCubeArray sampler, vec4 P, out gvec4 texel, const int comp);
int sparseTextureGatherARB(sampler2DShadow sampler, vec2 P, float refZ, out vec4 texel);
int sparseTextureGatherARB(samplerCubeShadow sampler, vec3 P, float refZ, out vec4 texel);
int sparseTextureGatherARB(sampler2DRectShadow sampler, vec2 P, float refZ, out vec4 texel);
int sparseTextureGatherARB(sampler2DArrayShadow sampler, vec3 P, float refZ, out vec4 texel);
int sparseTextureGatherARB(samplerCubeArrayShadow sampler, vec4 P, float refZ, out vec4 texel);

// ---- sparseTextureGatherOffsetARB
@ ext GL_ARB_sparse_texture2
int sparseTextureGatherOffsetARB(gsampler2D sampler, vec2 P, ivec2 offset, out gvec4 texel);
int sparseTextureGatherOffsetARB(gsampler2D sampler, vec2 P, ivec2 offset, out gvec4 texel, const int comp);
int sparseTextureGatherOffsetARB(gsampler2DRect sampler, vec2 P, ivec2 offset, out gvec4 texel);
int sparseTextureGatherOffsetARB(gsampler2DRect sampler, vec2 P, ivec2 offset, out gvec4 texel, const int comp);
int sparseTextureGatherOffsetARB(gsampler2DArray sampler, vec3 P, ivec2 offset, out gvec4 texel);
int sparseTextureGatherOffsetARB(gsampler2DArray sampler, vec3 P, ivec2 offset, out gvec4 texel, const int comp);
int sparseTextureGatherOffsetARB(sampler2DShadow sampler, vec2 P, float refZ, ivec2 offset, out vec4 texel);
int sparseTextureGatherOffsetARB(sampler2DRectShadow sampler, vec2 P, float refZ, ivec2 offset, out vec4 texel);
int sparseTextureGatherOffsetARB(sampler2DArrayShadow sampler, vec3 P, float refZ, ivec2 offset, out vec4 texel);

// ---- sparseTexelsResidentARB
@ ext GL_ARB_sparse_texture2
bool sparseTexelsResidentARB(int code);

// ==== GL_AMD_texture_gather_bias_lod ============================================================
// The bias forms are fragment-only; the sparse forms also need GL_ARB_sparse_texture2.

// ---- textureGather
@ ext GL_AMD_texture_gather_bias_lod stage frag
gvec4 textureGather(gsampler2D sampler, vec2 P, const int comp, float bias);
gvec4 textureGather(gsamplerCube sampler, vec3 P, const int comp, float bias);
gvec4 textureGather(gsampler2DArray sampler, vec3 P, const int comp, float bias);
gvec4 textureGather(gsamplerCubeArray sampler, vec4 P, const int comp, float bias);

// ---- sparseTextureGatherARB
@ ext GL_AMD_texture_gather_bias_lod stage frag
int sparseTextureGatherARB(gsampler2D sampler, vec2 P, out gvec4 texel, const int comp, float bias);
int sparseTextureGatherARB(gsamplerCube sampler, vec3 P, out gvec4 texel, const int comp, float bias);
int sparseTextureGatherARB(gsampler2DArray sampler, vec3 P, out gvec4 texel, const int comp, float bias);
int sparseTextureGatherARB(gsamplerCubeArray sampler, vec4 P, out gvec4 texel, const int comp, float bias);

// ---- textureGatherOffset
@ ext GL_AMD_texture_gather_bias_lod stage frag
gvec4 textureGatherOffset(gsampler2D sampler, vec2 P, ivec2 offset, const int comp, float bias);
gvec4 textureGatherOffset(gsampler2DArray sampler, vec3 P, ivec2 offset, const int comp, float bias);

// ---- sparseTextureGatherOffsetARB
@ ext GL_AMD_texture_gather_bias_lod stage frag
int sparseTextureGatherOffsetARB(gsampler2D sampler, vec2 P, ivec2 offset, out gvec4 texel, const int comp, float bias);
int sparseTextureGatherOffsetARB(gsampler2DArray sampler, vec3 P, ivec2 offset, out gvec4 texel, const int comp, float bias);

// ---- textureGatherLodAMD
@ ext GL_AMD_texture_gather_bias_lod
gvec4 textureGatherLodAMD(gsampler2D sampler, vec2 P, float lod);
gvec4 textureGatherLodAMD(gsampler2D sampler, vec2 P, float lod, const int comp);
gvec4 textureGatherLodAMD(gsamplerCube sampler, vec3 P, float lod);
gvec4 textureGatherLodAMD(gsamplerCube sampler, vec3 P, float lod, const int comp);
gvec4 textureGatherLodAMD(gsampler2DArray sampler, vec3 P, float lod);
gvec4 textureGatherLodAMD(gsampler2DArray sampler, vec3 P, float lod, const int comp);
gvec4 textureGatherLodAMD(gsamplerCubeArray sampler, vec4 P, float lod);
gvec4 textureGatherLodAMD(gsamplerCubeArray sampler, vec4 P, float lod, const int comp);

// ---- sparseTextureGatherLodAMD
@ ext GL_AMD_texture_gather_bias_lod
int sparseTextureGatherLodAMD(gsampler2D sampler, vec2 P, float lod, out gvec4 texel);
int sparseTextureGatherLodAMD(gsampler2D sampler, vec2 P, float lod, out gvec4 texel, const int comp);
int sparseTextureGatherLodAMD(gsamplerCube sampler, vec3 P, float lod, out gvec4 texel);
int sparseTextureGatherLodAMD(gsamplerCube sampler, vec3 P, float lod, out gvec4 texel, const int comp);
int sparseTextureGatherLodAMD(gsampler2DArray sampler, vec3 P, float lod, out gvec4 texel);
int sparseTextureGatherLodAMD(gsampler2DArray sampler, vec3 P, float lod, out gvec4 texel, const int comp);
int sparseTextureGatherLodAMD(gsamplerCubeArray sampler, vec4 P, float lod, out gvec4 texel);
int sparseTextureGatherLodAMD(gsamplerCubeArray sampler, vec4 P, float lod, out gvec4 texel, const int comp);

// ---- textureGatherLodOffsetAMD
@ ext GL_AMD_texture_gather_bias_lod
gvec4 textureGatherLodOffsetAMD(gsampler2D sampler, vec2 P, float lod, ivec2 offset);
gvec4 textureGatherLodOffsetAMD(gsampler2D sampler, vec2 P, float lod, ivec2 offset, const int comp);
gvec4 textureGatherLodOffsetAMD(gsampler2DArray sampler, vec3 P, float lod, ivec2 offset);
gvec4 textureGatherLodOffsetAMD(gsampler2DArray sampler, vec3 P, float lod, ivec2 offset, const int comp);

// ---- sparseTextureGatherLodOffsetAMD
@ ext GL_AMD_texture_gather_bias_lod
int sparseTextureGatherLodOffsetAMD(gsampler2D sampler, vec2 P, float lod, ivec2 offset, out gvec4 texel);
int sparseTextureGatherLodOffsetAMD(gsampler2D sampler, vec2 P, float lod, ivec2 offset, out gvec4 texel, const int comp);
int sparseTextureGatherLodOffsetAMD(gsampler2DArray sampler, vec3 P, float lod, ivec2 offset, out gvec4 texel);
int sparseTextureGatherLodOffsetAMD(gsampler2DArray sampler, vec3 P, float lod, ivec2 offset, out gvec4 texel, const int comp);

// ==== GL_AMD_gpu_shader_half_float_fetch: f16 samplers ==========================================
// glslang: desktop GLSL 4.50. Each lookup exists with float and with float16_t coordinates;
// shadow lookups with float16_t coordinates take the reference value as a separate float.

// ---- textureSize
@ gl 450
highp int textureSize(f16sampler1D sampler, int lod);
highp ivec2 textureSize(f16sampler2D sampler, int lod);
highp ivec3 textureSize(f16sampler3D sampler, int lod);
highp ivec2 textureSize(f16samplerCube sampler, int lod);
highp ivec2 textureSize(f16sampler2DRect sampler);
highp int textureSize(f16samplerBuffer sampler);
highp ivec2 textureSize(f16sampler1DArray sampler, int lod);
highp ivec3 textureSize(f16sampler2DArray sampler, int lod);
highp ivec3 textureSize(f16samplerCubeArray sampler, int lod);
highp ivec2 textureSize(f16sampler2DMS sampler);
highp ivec3 textureSize(f16sampler2DMSArray sampler);
highp int textureSize(f16sampler1DShadow sampler, int lod);
highp ivec2 textureSize(f16sampler2DShadow sampler, int lod);
highp ivec2 textureSize(f16samplerCubeShadow sampler, int lod);
highp ivec2 textureSize(f16sampler2DRectShadow sampler);
highp ivec2 textureSize(f16sampler1DArrayShadow sampler, int lod);
highp ivec3 textureSize(f16sampler2DArrayShadow sampler, int lod);
highp ivec3 textureSize(f16samplerCubeArrayShadow sampler, int lod);

// ---- textureQueryLevels
@ gl 450
int textureQueryLevels(f16sampler1D sampler);
int textureQueryLevels(f16sampler2D sampler);
int textureQueryLevels(f16sampler3D sampler);
int textureQueryLevels(f16samplerCube sampler);
int textureQueryLevels(f16sampler1DArray sampler);
int textureQueryLevels(f16sampler2DArray sampler);
int textureQueryLevels(f16samplerCubeArray sampler);
int textureQueryLevels(f16sampler1DShadow sampler);
int textureQueryLevels(f16sampler2DShadow sampler);
int textureQueryLevels(f16samplerCubeShadow sampler);
int textureQueryLevels(f16sampler1DArrayShadow sampler);
int textureQueryLevels(f16sampler2DArrayShadow sampler);
int textureQueryLevels(f16samplerCubeArrayShadow sampler);

// ---- textureSamples
@ gl 450
int textureSamples(f16sampler2DMS sampler);
int textureSamples(f16sampler2DMSArray sampler);

// ---- textureQueryLod
@ gl 450 stage frag
vec2 textureQueryLod(f16sampler1D sampler, float P);
vec2 textureQueryLod(f16sampler1D sampler, float16_t P);
vec2 textureQueryLod(f16sampler2D sampler, vec2 P);
vec2 textureQueryLod(f16sampler2D sampler, f16vec2 P);
vec2 textureQueryLod(f16sampler3D sampler, vec3 P);
vec2 textureQueryLod(f16sampler3D sampler, f16vec3 P);
vec2 textureQueryLod(f16samplerCube sampler, vec3 P);
vec2 textureQueryLod(f16samplerCube sampler, f16vec3 P);
vec2 textureQueryLod(f16sampler1DArray sampler, float P);
vec2 textureQueryLod(f16sampler1DArray sampler, float16_t P);
vec2 textureQueryLod(f16sampler2DArray sampler, vec2 P);
vec2 textureQueryLod(f16sampler2DArray sampler, f16vec2 P);
vec2 textureQueryLod(f16samplerCubeArray sampler, vec3 P);
vec2 textureQueryLod(f16samplerCubeArray sampler, f16vec3 P);
vec2 textureQueryLod(f16sampler1DShadow sampler, float P);
vec2 textureQueryLod(f16sampler1DShadow sampler, float16_t P);
vec2 textureQueryLod(f16sampler2DShadow sampler, vec2 P);
vec2 textureQueryLod(f16sampler2DShadow sampler, f16vec2 P);
vec2 textureQueryLod(f16samplerCubeShadow sampler, vec3 P);
vec2 textureQueryLod(f16samplerCubeShadow sampler, f16vec3 P);
vec2 textureQueryLod(f16sampler1DArrayShadow sampler, float P);
vec2 textureQueryLod(f16sampler1DArrayShadow sampler, float16_t P);
vec2 textureQueryLod(f16sampler2DArrayShadow sampler, vec2 P);
vec2 textureQueryLod(f16sampler2DArrayShadow sampler, f16vec2 P);
vec2 textureQueryLod(f16samplerCubeArrayShadow sampler, vec3 P);
vec2 textureQueryLod(f16samplerCubeArrayShadow sampler, f16vec3 P);
@ ext GL_NV_compute_shader_derivatives|GL_KHR_compute_shader_derivatives stage comp
vec2 textureQueryLod(f16sampler1D sampler, float P);
vec2 textureQueryLod(f16sampler2D sampler, vec2 P);
vec2 textureQueryLod(f16sampler3D sampler, vec3 P);
vec2 textureQueryLod(f16samplerCube sampler, vec3 P);
vec2 textureQueryLod(f16sampler1DArray sampler, float P);
vec2 textureQueryLod(f16sampler2DArray sampler, vec2 P);
vec2 textureQueryLod(f16samplerCubeArray sampler, vec3 P);
vec2 textureQueryLod(f16sampler1DShadow sampler, float P);
vec2 textureQueryLod(f16sampler2DShadow sampler, vec2 P);
vec2 textureQueryLod(f16samplerCubeShadow sampler, vec3 P);
vec2 textureQueryLod(f16sampler1DArrayShadow sampler, float P);
vec2 textureQueryLod(f16sampler2DArrayShadow sampler, vec2 P);
vec2 textureQueryLod(f16samplerCubeArrayShadow sampler, vec3 P);

// ---- textureQueryLOD
@ gl 450 stage frag
vec2 textureQueryLOD(f16sampler1D sampler, float P);
vec2 textureQueryLOD(f16sampler1D sampler, float16_t P);
vec2 textureQueryLOD(f16sampler2D sampler, vec2 P);
vec2 textureQueryLOD(f16sampler2D sampler, f16vec2 P);
vec2 textureQueryLOD(f16sampler3D sampler, vec3 P);
vec2 textureQueryLOD(f16sampler3D sampler, f16vec3 P);
vec2 textureQueryLOD(f16samplerCube sampler, vec3 P);
vec2 textureQueryLOD(f16samplerCube sampler, f16vec3 P);
vec2 textureQueryLOD(f16sampler1DArray sampler, float P);
vec2 textureQueryLOD(f16sampler1DArray sampler, float16_t P);
vec2 textureQueryLOD(f16sampler2DArray sampler, vec2 P);
vec2 textureQueryLOD(f16sampler2DArray sampler, f16vec2 P);
vec2 textureQueryLOD(f16samplerCubeArray sampler, vec3 P);
vec2 textureQueryLOD(f16samplerCubeArray sampler, f16vec3 P);
vec2 textureQueryLOD(f16sampler1DShadow sampler, float P);
vec2 textureQueryLOD(f16sampler1DShadow sampler, float16_t P);
vec2 textureQueryLOD(f16sampler2DShadow sampler, vec2 P);
vec2 textureQueryLOD(f16sampler2DShadow sampler, f16vec2 P);
vec2 textureQueryLOD(f16samplerCubeShadow sampler, vec3 P);
vec2 textureQueryLOD(f16samplerCubeShadow sampler, f16vec3 P);
vec2 textureQueryLOD(f16sampler1DArrayShadow sampler, float P);
vec2 textureQueryLOD(f16sampler1DArrayShadow sampler, float16_t P);
vec2 textureQueryLOD(f16sampler2DArrayShadow sampler, vec2 P);
vec2 textureQueryLOD(f16sampler2DArrayShadow sampler, f16vec2 P);
vec2 textureQueryLOD(f16samplerCubeArrayShadow sampler, vec3 P);
vec2 textureQueryLOD(f16samplerCubeArrayShadow sampler, f16vec3 P);
@ ext GL_NV_compute_shader_derivatives|GL_KHR_compute_shader_derivatives stage comp
vec2 textureQueryLOD(f16sampler1D sampler, float P);
vec2 textureQueryLOD(f16sampler2D sampler, vec2 P);
vec2 textureQueryLOD(f16sampler3D sampler, vec3 P);
vec2 textureQueryLOD(f16samplerCube sampler, vec3 P);
vec2 textureQueryLOD(f16sampler1DArray sampler, float P);
vec2 textureQueryLOD(f16sampler2DArray sampler, vec2 P);
vec2 textureQueryLOD(f16samplerCubeArray sampler, vec3 P);
vec2 textureQueryLOD(f16sampler1DShadow sampler, float P);
vec2 textureQueryLOD(f16sampler2DShadow sampler, vec2 P);
vec2 textureQueryLOD(f16samplerCubeShadow sampler, vec3 P);
vec2 textureQueryLOD(f16sampler1DArrayShadow sampler, float P);
vec2 textureQueryLOD(f16sampler2DArrayShadow sampler, vec2 P);
vec2 textureQueryLOD(f16samplerCubeArrayShadow sampler, vec3 P);

// ---- texture
@ gl 450
f16vec4 texture(f16sampler1D sampler, float P);
f16vec4 texture(f16sampler1D sampler, float16_t P);
f16vec4 texture(f16sampler2D sampler, vec2 P);
f16vec4 texture(f16sampler2D sampler, f16vec2 P);
f16vec4 texture(f16sampler3D sampler, vec3 P);
f16vec4 texture(f16sampler3D sampler, f16vec3 P);
f16vec4 texture(f16samplerCube sampler, vec3 P);
f16vec4 texture(f16samplerCube sampler, f16vec3 P);
f16vec4 texture(f16sampler2DRect sampler, vec2 P);
f16vec4 texture(f16sampler2DRect sampler, f16vec2 P);
f16vec4 texture(f16sampler1DArray sampler, vec2 P);
f16vec4 texture(f16sampler1DArray sampler, f16vec2 P);
f16vec4 texture(f16sampler2DArray sampler, vec3 P);
f16vec4 texture(f16sampler2DArray sampler, f16vec3 P);
f16vec4 texture(f16samplerCubeArray sampler, vec4 P);
f16vec4 texture(f16samplerCubeArray sampler, f16vec4 P);
float16_t texture(f16sampler1DShadow sampler, vec3 P);
float16_t texture(f16sampler1DShadow sampler, f16vec2 P, float compare);
float16_t texture(f16sampler2DShadow sampler, vec3 P);
float16_t texture(f16sampler2DShadow sampler, f16vec2 P, float compare);
float16_t texture(f16samplerCubeShadow sampler, vec4 P);
float16_t texture(f16samplerCubeShadow sampler, f16vec3 P, float compare);
float16_t texture(f16sampler2DRectShadow sampler, vec3 P);
float16_t texture(f16sampler2DRectShadow sampler, f16vec2 P, float compare);
float16_t texture(f16sampler1DArrayShadow sampler, vec3 P);
float16_t texture(f16sampler1DArrayShadow sampler, f16vec2 P, float compare);
float16_t texture(f16sampler2DArrayShadow sampler, vec4 P);
float16_t texture(f16sampler2DArrayShadow sampler, f16vec3 P, float compare);
float16_t texture(f16samplerCubeArrayShadow sampler, vec4 P, float compare);
float16_t texture(f16samplerCubeArrayShadow sampler, f16vec4 P, float compare);
@ gl 450 stage frag
f16vec4 texture(f16sampler1D sampler, float P, float bias);
f16vec4 texture(f16sampler1D sampler, float16_t P, float16_t bias);
f16vec4 texture(f16sampler2D sampler, vec2 P, float bias);
f16vec4 texture(f16sampler2D sampler, f16vec2 P, float16_t bias);
f16vec4 texture(f16sampler3D sampler, vec3 P, float bias);
f16vec4 texture(f16sampler3D sampler, f16vec3 P, float16_t bias);
f16vec4 texture(f16samplerCube sampler, vec3 P, float bias);
f16vec4 texture(f16samplerCube sampler, f16vec3 P, float16_t bias);
f16vec4 texture(f16sampler1DArray sampler, vec2 P, float bias);
f16vec4 texture(f16sampler1DArray sampler, f16vec2 P, float16_t bias);
f16vec4 texture(f16sampler2DArray sampler, vec3 P, float bias);
f16vec4 texture(f16sampler2DArray sampler, f16vec3 P, float16_t bias);
f16vec4 texture(f16samplerCubeArray sampler, vec4 P, float bias);
f16vec4 texture(f16samplerCubeArray sampler, f16vec4 P, float16_t bias);
float16_t texture(f16sampler1DShadow sampler, vec3 P, float bias);
float16_t texture(f16sampler1DShadow sampler, f16vec2 P, float compare, float16_t bias);
float16_t texture(f16sampler2DShadow sampler, vec3 P, float bias);
float16_t texture(f16sampler2DShadow sampler, f16vec2 P, float compare, float16_t bias);
float16_t texture(f16samplerCubeShadow sampler, vec4 P, float bias);
float16_t texture(f16samplerCubeShadow sampler, f16vec3 P, float compare, float16_t bias);
float16_t texture(f16sampler1DArrayShadow sampler, vec3 P, float bias);
float16_t texture(f16sampler1DArrayShadow sampler, f16vec2 P, float compare, float16_t bias);
@ ext GL_NV_compute_shader_derivatives|GL_KHR_compute_shader_derivatives stage comp
f16vec4 texture(f16sampler1D sampler, float P, float bias);
f16vec4 texture(f16sampler1D sampler, float16_t P, float16_t bias);
f16vec4 texture(f16sampler2D sampler, vec2 P, float bias);
f16vec4 texture(f16sampler2D sampler, f16vec2 P, float16_t bias);
f16vec4 texture(f16sampler3D sampler, vec3 P, float bias);
f16vec4 texture(f16sampler3D sampler, f16vec3 P, float16_t bias);
f16vec4 texture(f16samplerCube sampler, vec3 P, float bias);
f16vec4 texture(f16samplerCube sampler, f16vec3 P, float16_t bias);
f16vec4 texture(f16sampler1DArray sampler, vec2 P, float bias);
f16vec4 texture(f16sampler1DArray sampler, f16vec2 P, float16_t bias);
f16vec4 texture(f16sampler2DArray sampler, vec3 P, float bias);
f16vec4 texture(f16sampler2DArray sampler, f16vec3 P, float16_t bias);
f16vec4 texture(f16samplerCubeArray sampler, vec4 P, float bias);
f16vec4 texture(f16samplerCubeArray sampler, f16vec4 P, float16_t bias);
float16_t texture(f16sampler1DShadow sampler, vec3 P, float bias);
float16_t texture(f16sampler1DShadow sampler, f16vec2 P, float compare, float16_t bias);
float16_t texture(f16sampler2DShadow sampler, vec3 P, float bias);
float16_t texture(f16sampler2DShadow sampler, f16vec2 P, float compare, float16_t bias);
float16_t texture(f16samplerCubeShadow sampler, vec4 P, float bias);
float16_t texture(f16samplerCubeShadow sampler, f16vec3 P, float compare, float16_t bias);
float16_t texture(f16sampler1DArrayShadow sampler, vec3 P, float bias);
float16_t texture(f16sampler1DArrayShadow sampler, f16vec2 P, float compare, float16_t bias);

// ---- textureClampARB
@ ext GL_ARB_sparse_texture_clamp stage frag
f16vec4 textureClampARB(f16sampler1D sampler, float P, float lodClamp);
f16vec4 textureClampARB(f16sampler1D sampler, float16_t P, float16_t lodClamp);
f16vec4 textureClampARB(f16sampler1D sampler, float P, float lodClamp, float bias);
f16vec4 textureClampARB(f16sampler1D sampler, float16_t P, float16_t lodClamp, float16_t bias);
f16vec4 textureClampARB(f16sampler2D sampler, vec2 P, float lodClamp);
f16vec4 textureClampARB(f16sampler2D sampler, f16vec2 P, float16_t lodClamp);
f16vec4 textureClampARB(f16sampler2D sampler, vec2 P, float lodClamp, float bias);
f16vec4 textureClampARB(f16sampler2D sampler, f16vec2 P, float16_t lodClamp, float16_t bias);
f16vec4 textureClampARB(f16sampler3D sampler, vec3 P, float lodClamp);
f16vec4 textureClampARB(f16sampler3D sampler, f16vec3 P, float16_t lodClamp);
f16vec4 textureClampARB(f16sampler3D sampler, vec3 P, float lodClamp, float bias);
f16vec4 textureClampARB(f16sampler3D sampler, f16vec3 P, float16_t lodClamp, float16_t bias);
f16vec4 textureClampARB(f16samplerCube sampler, vec3 P, float lodClamp);
f16vec4 textureClampARB(f16samplerCube sampler, f16vec3 P, float16_t lodClamp);
f16vec4 textureClampARB(f16samplerCube sampler, vec3 P, float lodClamp, float bias);
f16vec4 textureClampARB(f16samplerCube sampler, f16vec3 P, float16_t lodClamp, float16_t bias);
f16vec4 textureClampARB(f16sampler2DRect sampler, vec2 P, float lodClamp);
f16vec4 textureClampARB(f16sampler2DRect sampler, f16vec2 P, float16_t lodClamp);
f16vec4 textureClampARB(f16sampler1DArray sampler, vec2 P, float lodClamp);
f16vec4 textureClampARB(f16sampler1DArray sampler, f16vec2 P, float16_t lodClamp);
f16vec4 textureClampARB(f16sampler1DArray sampler, vec2 P, float lodClamp, float bias);
f16vec4 textureClampARB(f16sampler1DArray sampler, f16vec2 P, float16_t lodClamp, float16_t bias);
f16vec4 textureClampARB(f16sampler2DArray sampler, vec3 P, float lodClamp);
f16vec4 textureClampARB(f16sampler2DArray sampler, f16vec3 P, float16_t lodClamp);
f16vec4 textureClampARB(f16sampler2DArray sampler, vec3 P, float lodClamp, float bias);
f16vec4 textureClampARB(f16sampler2DArray sampler, f16vec3 P, float16_t lodClamp, float16_t bias);
f16vec4 textureClampARB(f16samplerCubeArray sampler, vec4 P, float lodClamp);
f16vec4 textureClampARB(f16samplerCubeArray sampler, f16vec4 P, float16_t lodClamp);
f16vec4 textureClampARB(f16samplerCubeArray sampler, vec4 P, float lodClamp, float bias);
f16vec4 textureClampARB(f16samplerCubeArray sampler, f16vec4 P, float16_t lodClamp, float16_t bias);
float16_t textureClampARB(f16sampler1DShadow sampler, vec3 P, float lodClamp);
float16_t textureClampARB(f16sampler1DShadow sampler, f16vec2 P, float compare, float16_t lodClamp);
float16_t textureClampARB(f16sampler1DShadow sampler, vec3 P, float lodClamp, float bias);
float16_t textureClampARB(f16sampler1DShadow sampler, f16vec2 P, float compare, float16_t lodClamp, float16_t bias);
float16_t textureClampARB(f16sampler2DShadow sampler, vec3 P, float lodClamp);
float16_t textureClampARB(f16sampler2DShadow sampler, f16vec2 P, float compare, float16_t lodClamp);
float16_t textureClampARB(f16sampler2DShadow sampler, vec3 P, float lodClamp, float bias);
float16_t textureClampARB(f16sampler2DShadow sampler, f16vec2 P, float compare, float16_t lodClamp, float16_t bias);
float16_t textureClampARB(f16samplerCubeShadow sampler, vec4 P, float lodClamp);
float16_t textureClampARB(f16samplerCubeShadow sampler, f16vec3 P, float compare, float16_t lodClamp);
float16_t textureClampARB(f16samplerCubeShadow sampler, vec4 P, float lodClamp, float bias);
float16_t textureClampARB(f16samplerCubeShadow sampler, f16vec3 P, float compare, float16_t lodClamp, float16_t bias);
float16_t textureClampARB(f16sampler2DRectShadow sampler, vec3 P, float lodClamp);
float16_t textureClampARB(f16sampler2DRectShadow sampler, f16vec2 P, float compare, float16_t lodClamp);
float16_t textureClampARB(f16sampler1DArrayShadow sampler, vec3 P, float lodClamp);
float16_t textureClampARB(f16sampler1DArrayShadow sampler, f16vec2 P, float compare, float16_t lodClamp);
float16_t textureClampARB(f16sampler1DArrayShadow sampler, vec3 P, float lodClamp, float bias);
float16_t textureClampARB(f16sampler1DArrayShadow sampler, f16vec2 P, float compare, float16_t lodClamp, float16_t bias);
float16_t textureClampARB(f16sampler2DArrayShadow sampler, vec4 P, float lodClamp);
float16_t textureClampARB(f16sampler2DArrayShadow sampler, f16vec3 P, float compare, float16_t lodClamp);
float16_t textureClampARB(f16samplerCubeArrayShadow sampler, vec4 P, float compare, float lodClamp);
float16_t textureClampARB(f16samplerCubeArrayShadow sampler, f16vec4 P, float compare, float16_t lodClamp);
@ ext GL_NV_compute_shader_derivatives|GL_KHR_compute_shader_derivatives stage comp
f16vec4 textureClampARB(f16sampler1D sampler, float P, float lodClamp);
f16vec4 textureClampARB(f16sampler1D sampler, float16_t P, float16_t lodClamp);
f16vec4 textureClampARB(f16sampler1D sampler, float P, float lodClamp, float bias);
f16vec4 textureClampARB(f16sampler1D sampler, float16_t P, float16_t lodClamp, float16_t bias);
f16vec4 textureClampARB(f16sampler2D sampler, vec2 P, float lodClamp);
f16vec4 textureClampARB(f16sampler2D sampler, f16vec2 P, float16_t lodClamp);
f16vec4 textureClampARB(f16sampler2D sampler, vec2 P, float lodClamp, float bias);
f16vec4 textureClampARB(f16sampler2D sampler, f16vec2 P, float16_t lodClamp, float16_t bias);
f16vec4 textureClampARB(f16sampler3D sampler, vec3 P, float lodClamp);
f16vec4 textureClampARB(f16sampler3D sampler, f16vec3 P, float16_t lodClamp);
f16vec4 textureClampARB(f16sampler3D sampler, vec3 P, float lodClamp, float bias);
f16vec4 textureClampARB(f16sampler3D sampler, f16vec3 P, float16_t lodClamp, float16_t bias);
f16vec4 textureClampARB(f16samplerCube sampler, vec3 P, float lodClamp);
f16vec4 textureClampARB(f16samplerCube sampler, f16vec3 P, float16_t lodClamp);
f16vec4 textureClampARB(f16samplerCube sampler, vec3 P, float lodClamp, float bias);
f16vec4 textureClampARB(f16samplerCube sampler, f16vec3 P, float16_t lodClamp, float16_t bias);
f16vec4 textureClampARB(f16sampler2DRect sampler, vec2 P, float lodClamp);
f16vec4 textureClampARB(f16sampler2DRect sampler, f16vec2 P, float16_t lodClamp);
f16vec4 textureClampARB(f16sampler1DArray sampler, vec2 P, float lodClamp);
f16vec4 textureClampARB(f16sampler1DArray sampler, f16vec2 P, float16_t lodClamp);
f16vec4 textureClampARB(f16sampler1DArray sampler, vec2 P, float lodClamp, float bias);
f16vec4 textureClampARB(f16sampler1DArray sampler, f16vec2 P, float16_t lodClamp, float16_t bias);
f16vec4 textureClampARB(f16sampler2DArray sampler, vec3 P, float lodClamp);
f16vec4 textureClampARB(f16sampler2DArray sampler, f16vec3 P, float16_t lodClamp);
f16vec4 textureClampARB(f16sampler2DArray sampler, vec3 P, float lodClamp, float bias);
f16vec4 textureClampARB(f16sampler2DArray sampler, f16vec3 P, float16_t lodClamp, float16_t bias);
f16vec4 textureClampARB(f16samplerCubeArray sampler, vec4 P, float lodClamp);
f16vec4 textureClampARB(f16samplerCubeArray sampler, f16vec4 P, float16_t lodClamp);
f16vec4 textureClampARB(f16samplerCubeArray sampler, vec4 P, float lodClamp, float bias);
f16vec4 textureClampARB(f16samplerCubeArray sampler, f16vec4 P, float16_t lodClamp, float16_t bias);
float16_t textureClampARB(f16sampler1DShadow sampler, vec3 P, float lodClamp);
float16_t textureClampARB(f16sampler1DShadow sampler, f16vec2 P, float compare, float16_t lodClamp);
float16_t textureClampARB(f16sampler1DShadow sampler, vec3 P, float lodClamp, float bias);
float16_t textureClampARB(f16sampler1DShadow sampler, f16vec2 P, float compare, float16_t lodClamp, float16_t bias);
float16_t textureClampARB(f16sampler2DShadow sampler, vec3 P, float lodClamp);
float16_t textureClampARB(f16sampler2DShadow sampler, f16vec2 P, float compare, float16_t lodClamp);
float16_t textureClampARB(f16sampler2DShadow sampler, vec3 P, float lodClamp, float bias);
float16_t textureClampARB(f16sampler2DShadow sampler, f16vec2 P, float compare, float16_t lodClamp, float16_t bias);
float16_t textureClampARB(f16samplerCubeShadow sampler, vec4 P, float lodClamp);
float16_t textureClampARB(f16samplerCubeShadow sampler, f16vec3 P, float compare, float16_t lodClamp);
float16_t textureClampARB(f16samplerCubeShadow sampler, vec4 P, float lodClamp, float bias);
float16_t textureClampARB(f16samplerCubeShadow sampler, f16vec3 P, float compare, float16_t lodClamp, float16_t bias);
float16_t textureClampARB(f16sampler2DRectShadow sampler, vec3 P, float lodClamp);
float16_t textureClampARB(f16sampler2DRectShadow sampler, f16vec2 P, float compare, float16_t lodClamp);
float16_t textureClampARB(f16sampler1DArrayShadow sampler, vec3 P, float lodClamp);
float16_t textureClampARB(f16sampler1DArrayShadow sampler, f16vec2 P, float compare, float16_t lodClamp);
float16_t textureClampARB(f16sampler1DArrayShadow sampler, vec3 P, float lodClamp, float bias);
float16_t textureClampARB(f16sampler1DArrayShadow sampler, f16vec2 P, float compare, float16_t lodClamp, float16_t bias);
float16_t textureClampARB(f16sampler2DArrayShadow sampler, vec4 P, float lodClamp);
float16_t textureClampARB(f16sampler2DArrayShadow sampler, f16vec3 P, float compare, float16_t lodClamp);
float16_t textureClampARB(f16samplerCubeArrayShadow sampler, vec4 P, float compare, float lodClamp);
float16_t textureClampARB(f16samplerCubeArrayShadow sampler, f16vec4 P, float compare, float16_t lodClamp);

// ---- textureGrad
@ gl 450
f16vec4 textureGrad(f16sampler1D sampler, float P, float dPdx, float dPdy);
f16vec4 textureGrad(f16sampler1D sampler, float16_t P, float16_t dPdx, float16_t dPdy);
f16vec4 textureGrad(f16sampler2D sampler, vec2 P, vec2 dPdx, vec2 dPdy);
f16vec4 textureGrad(f16sampler2D sampler, f16vec2 P, f16vec2 dPdx, f16vec2 dPdy);
f16vec4 textureGrad(f16sampler3D sampler, vec3 P, vec3 dPdx, vec3 dPdy);
f16vec4 textureGrad(f16sampler3D sampler, f16vec3 P, f16vec3 dPdx, f16vec3 dPdy);
f16vec4 textureGrad(f16samplerCube sampler, vec3 P, vec3 dPdx, vec3 dPdy);
f16vec4 textureGrad(f16samplerCube sampler, f16vec3 P, f16vec3 dPdx, f16vec3 dPdy);
f16vec4 textureGrad(f16sampler2DRect sampler, vec2 P, vec2 dPdx, vec2 dPdy);
f16vec4 textureGrad(f16sampler2DRect sampler, f16vec2 P, f16vec2 dPdx, f16vec2 dPdy);
f16vec4 textureGrad(f16sampler1DArray sampler, vec2 P, float dPdx, float dPdy);
f16vec4 textureGrad(f16sampler1DArray sampler, f16vec2 P, float16_t dPdx, float16_t dPdy);
f16vec4 textureGrad(f16sampler2DArray sampler, vec3 P, vec2 dPdx, vec2 dPdy);
f16vec4 textureGrad(f16sampler2DArray sampler, f16vec3 P, f16vec2 dPdx, f16vec2 dPdy);
f16vec4 textureGrad(f16samplerCubeArray sampler, vec4 P, vec3 dPdx, vec3 dPdy);
f16vec4 textureGrad(f16samplerCubeArray sampler, f16vec4 P, f16vec3 dPdx, f16vec3 dPdy);
float16_t textureGrad(f16sampler1DShadow sampler, vec3 P, float dPdx, float dPdy);
float16_t textureGrad(f16sampler1DShadow sampler, f16vec2 P, float compare, float16_t dPdx, float16_t dPdy);
float16_t textureGrad(f16sampler2DShadow sampler, vec3 P, vec2 dPdx, vec2 dPdy);
float16_t textureGrad(f16sampler2DShadow sampler, f16vec2 P, float compare, f16vec2 dPdx, f16vec2 dPdy);
float16_t textureGrad(f16samplerCubeShadow sampler, vec4 P, vec3 dPdx, vec3 dPdy);
float16_t textureGrad(f16samplerCubeShadow sampler, f16vec3 P, float compare, f16vec3 dPdx, f16vec3 dPdy);
float16_t textureGrad(f16sampler2DRectShadow sampler, vec3 P, vec2 dPdx, vec2 dPdy);
float16_t textureGrad(f16sampler2DRectShadow sampler, f16vec2 P, float compare, f16vec2 dPdx, f16vec2 dPdy);
float16_t textureGrad(f16sampler1DArrayShadow sampler, vec3 P, float dPdx, float dPdy);
float16_t textureGrad(f16sampler1DArrayShadow sampler, f16vec2 P, float compare, float16_t dPdx, float16_t dPdy);
float16_t textureGrad(f16sampler2DArrayShadow sampler, vec4 P, vec2 dPdx, vec2 dPdy);
float16_t textureGrad(f16sampler2DArrayShadow sampler, f16vec3 P, float compare, f16vec2 dPdx, f16vec2 dPdy);

// ---- textureGradClampARB
@ ext GL_ARB_sparse_texture_clamp
f16vec4 textureGradClampARB(f16sampler1D sampler, float P, float dPdx, float dPdy, float lodClamp);
f16vec4 textureGradClampARB(f16sampler1D sampler, float16_t P, float16_t dPdx, float16_t dPdy, float16_t lodClamp);
f16vec4 textureGradClampARB(f16sampler2D sampler, vec2 P, vec2 dPdx, vec2 dPdy, float lodClamp);
f16vec4 textureGradClampARB(f16sampler2D sampler, f16vec2 P, f16vec2 dPdx, f16vec2 dPdy, float16_t lodClamp);
f16vec4 textureGradClampARB(f16sampler3D sampler, vec3 P, vec3 dPdx, vec3 dPdy, float lodClamp);
f16vec4 textureGradClampARB(f16sampler3D sampler, f16vec3 P, f16vec3 dPdx, f16vec3 dPdy, float16_t lodClamp);
f16vec4 textureGradClampARB(f16samplerCube sampler, vec3 P, vec3 dPdx, vec3 dPdy, float lodClamp);
f16vec4 textureGradClampARB(f16samplerCube sampler, f16vec3 P, f16vec3 dPdx, f16vec3 dPdy, float16_t lodClamp);
f16vec4 textureGradClampARB(f16sampler2DRect sampler, vec2 P, vec2 dPdx, vec2 dPdy, float lodClamp);
f16vec4 textureGradClampARB(f16sampler2DRect sampler, f16vec2 P, f16vec2 dPdx, f16vec2 dPdy, float16_t lodClamp);
f16vec4 textureGradClampARB(f16sampler1DArray sampler, vec2 P, float dPdx, float dPdy, float lodClamp);
f16vec4 textureGradClampARB(f16sampler1DArray sampler, f16vec2 P, float16_t dPdx, float16_t dPdy, float16_t lodClamp);
f16vec4 textureGradClampARB(f16sampler2DArray sampler, vec3 P, vec2 dPdx, vec2 dPdy, float lodClamp);
f16vec4 textureGradClampARB(f16sampler2DArray sampler, f16vec3 P, f16vec2 dPdx, f16vec2 dPdy, float16_t lodClamp);
f16vec4 textureGradClampARB(f16samplerCubeArray sampler, vec4 P, vec3 dPdx, vec3 dPdy, float lodClamp);
f16vec4 textureGradClampARB(f16samplerCubeArray sampler, f16vec4 P, f16vec3 dPdx, f16vec3 dPdy, float16_t lodClamp);
float16_t textureGradClampARB(f16sampler1DShadow sampler, vec3 P, float dPdx, float dPdy, float lodClamp);
float16_t textureGradClampARB(f16sampler1DShadow sampler, f16vec2 P, float compare, float16_t dPdx, float16_t dPdy, float16_t lodClamp);
float16_t textureGradClampARB(f16sampler2DShadow sampler, vec3 P, vec2 dPdx, vec2 dPdy, float lodClamp);
float16_t textureGradClampARB(f16sampler2DShadow sampler, f16vec2 P, float compare, f16vec2 dPdx, f16vec2 dPdy, float16_t lodClamp);
float16_t textureGradClampARB(f16samplerCubeShadow sampler, vec4 P, vec3 dPdx, vec3 dPdy, float lodClamp);
float16_t textureGradClampARB(f16samplerCubeShadow sampler, f16vec3 P, float compare, f16vec3 dPdx, f16vec3 dPdy, float16_t lodClamp);
float16_t textureGradClampARB(f16sampler2DRectShadow sampler, vec3 P, vec2 dPdx, vec2 dPdy, float lodClamp);
float16_t textureGradClampARB(f16sampler2DRectShadow sampler, f16vec2 P, float compare, f16vec2 dPdx, f16vec2 dPdy, float16_t lodClamp);
float16_t textureGradClampARB(f16sampler1DArrayShadow sampler, vec3 P, float dPdx, float dPdy, float lodClamp);
float16_t textureGradClampARB(f16sampler1DArrayShadow sampler, f16vec2 P, float compare, float16_t dPdx, float16_t dPdy, float16_t lodClamp);
float16_t textureGradClampARB(f16sampler2DArrayShadow sampler, vec4 P, vec2 dPdx, vec2 dPdy, float lodClamp);
float16_t textureGradClampARB(f16sampler2DArrayShadow sampler, f16vec3 P, float compare, f16vec2 dPdx, f16vec2 dPdy, float16_t lodClamp);

// ---- texelFetch
@ gl 450
f16vec4 texelFetch(f16sampler1D sampler, int P, int lod);
f16vec4 texelFetch(f16sampler2D sampler, ivec2 P, int lod);
f16vec4 texelFetch(f16sampler3D sampler, ivec3 P, int lod);
f16vec4 texelFetch(f16sampler2DRect sampler, ivec2 P);
f16vec4 texelFetch(f16samplerBuffer sampler, int P);
f16vec4 texelFetch(f16sampler1DArray sampler, ivec2 P, int lod);
f16vec4 texelFetch(f16sampler2DArray sampler, ivec3 P, int lod);
f16vec4 texelFetch(f16sampler2DMS sampler, ivec2 P, int sample);
f16vec4 texelFetch(f16sampler2DMSArray sampler, ivec3 P, int sample);

// ---- textureOffset
@ gl 450
f16vec4 textureOffset(f16sampler1D sampler, float P, const int offset);
f16vec4 textureOffset(f16sampler1D sampler, float16_t P, const int offset);
f16vec4 textureOffset(f16sampler2D sampler, vec2 P, const ivec2 offset);
f16vec4 textureOffset(f16sampler2D sampler, f16vec2 P, const ivec2 offset);
f16vec4 textureOffset(f16sampler3D sampler, vec3 P, const ivec3 offset);
f16vec4 textureOffset(f16sampler3D sampler, f16vec3 P, const ivec3 offset);
f16vec4 textureOffset(f16sampler2DRect sampler, vec2 P, const ivec2 offset);
f16vec4 textureOffset(f16sampler2DRect sampler, f16vec2 P, const ivec2 offset);
f16vec4 textureOffset(f16sampler1DArray sampler, vec2 P, const int offset);
f16vec4 textureOffset(f16sampler1DArray sampler, f16vec2 P, const int offset);
f16vec4 textureOffset(f16sampler2DArray sampler, vec3 P, const ivec2 offset);
f16vec4 textureOffset(f16sampler2DArray sampler, f16vec3 P, const ivec2 offset);
float16_t textureOffset(f16sampler1DShadow sampler, vec3 P, const int offset);
float16_t textureOffset(f16sampler1DShadow sampler, f16vec2 P, float compare, const int offset);
float16_t textureOffset(f16sampler2DShadow sampler, vec3 P, const ivec2 offset);
float16_t textureOffset(f16sampler2DShadow sampler, f16vec2 P, float compare, const ivec2 offset);
float16_t textureOffset(f16sampler2DRectShadow sampler, vec3 P, const ivec2 offset);
float16_t textureOffset(f16sampler2DRectShadow sampler, f16vec2 P, float compare, const ivec2 offset);
float16_t textureOffset(f16sampler1DArrayShadow sampler, vec3 P, const int offset);
float16_t textureOffset(f16sampler1DArrayShadow sampler, f16vec2 P, float compare, const int offset);
float16_t textureOffset(f16sampler2DArrayShadow sampler, vec4 P, const ivec2 offset);
float16_t textureOffset(f16sampler2DArrayShadow sampler, f16vec3 P, float compare, const ivec2 offset);
@ gl 450 stage frag
f16vec4 textureOffset(f16sampler1D sampler, float P, const int offset, float bias);
f16vec4 textureOffset(f16sampler1D sampler, float16_t P, const int offset, float16_t bias);
f16vec4 textureOffset(f16sampler2D sampler, vec2 P, const ivec2 offset, float bias);
f16vec4 textureOffset(f16sampler2D sampler, f16vec2 P, const ivec2 offset, float16_t bias);
f16vec4 textureOffset(f16sampler3D sampler, vec3 P, const ivec3 offset, float bias);
f16vec4 textureOffset(f16sampler3D sampler, f16vec3 P, const ivec3 offset, float16_t bias);
f16vec4 textureOffset(f16sampler1DArray sampler, vec2 P, const int offset, float bias);
f16vec4 textureOffset(f16sampler1DArray sampler, f16vec2 P, const int offset, float16_t bias);
f16vec4 textureOffset(f16sampler2DArray sampler, vec3 P, const ivec2 offset, float bias);
f16vec4 textureOffset(f16sampler2DArray sampler, f16vec3 P, const ivec2 offset, float16_t bias);
float16_t textureOffset(f16sampler1DShadow sampler, vec3 P, const int offset, float bias);
float16_t textureOffset(f16sampler1DShadow sampler, f16vec2 P, float compare, const int offset, float16_t bias);
float16_t textureOffset(f16sampler2DShadow sampler, vec3 P, const ivec2 offset, float bias);
float16_t textureOffset(f16sampler2DShadow sampler, f16vec2 P, float compare, const ivec2 offset, float16_t bias);
float16_t textureOffset(f16sampler1DArrayShadow sampler, vec3 P, const int offset, float bias);
float16_t textureOffset(f16sampler1DArrayShadow sampler, f16vec2 P, float compare, const int offset, float16_t bias);
@ ext GL_NV_compute_shader_derivatives|GL_KHR_compute_shader_derivatives stage comp
f16vec4 textureOffset(f16sampler1D sampler, float P, const int offset, float bias);
f16vec4 textureOffset(f16sampler1D sampler, float16_t P, const int offset, float16_t bias);
f16vec4 textureOffset(f16sampler2D sampler, vec2 P, const ivec2 offset, float bias);
f16vec4 textureOffset(f16sampler2D sampler, f16vec2 P, const ivec2 offset, float16_t bias);
f16vec4 textureOffset(f16sampler3D sampler, vec3 P, const ivec3 offset, float bias);
f16vec4 textureOffset(f16sampler3D sampler, f16vec3 P, const ivec3 offset, float16_t bias);
f16vec4 textureOffset(f16sampler1DArray sampler, vec2 P, const int offset, float bias);
f16vec4 textureOffset(f16sampler1DArray sampler, f16vec2 P, const int offset, float16_t bias);
f16vec4 textureOffset(f16sampler2DArray sampler, vec3 P, const ivec2 offset, float bias);
f16vec4 textureOffset(f16sampler2DArray sampler, f16vec3 P, const ivec2 offset, float16_t bias);
float16_t textureOffset(f16sampler1DShadow sampler, vec3 P, const int offset, float bias);
float16_t textureOffset(f16sampler1DShadow sampler, f16vec2 P, float compare, const int offset, float16_t bias);
float16_t textureOffset(f16sampler2DShadow sampler, vec3 P, const ivec2 offset, float bias);
float16_t textureOffset(f16sampler2DShadow sampler, f16vec2 P, float compare, const ivec2 offset, float16_t bias);
float16_t textureOffset(f16sampler1DArrayShadow sampler, vec3 P, const int offset, float bias);
float16_t textureOffset(f16sampler1DArrayShadow sampler, f16vec2 P, float compare, const int offset, float16_t bias);

// ---- textureOffsetClampARB
@ ext GL_ARB_sparse_texture_clamp stage frag
f16vec4 textureOffsetClampARB(f16sampler1D sampler, float P, const int offset, float lodClamp);
f16vec4 textureOffsetClampARB(f16sampler1D sampler, float16_t P, const int offset, float16_t lodClamp);
f16vec4 textureOffsetClampARB(f16sampler1D sampler, float P, const int offset, float lodClamp, float bias);
f16vec4 textureOffsetClampARB(f16sampler1D sampler, float16_t P, const int offset, float16_t lodClamp, float16_t bias);
f16vec4 textureOffsetClampARB(f16sampler2D sampler, vec2 P, const ivec2 offset, float lodClamp);
f16vec4 textureOffsetClampARB(f16sampler2D sampler, f16vec2 P, const ivec2 offset, float16_t lodClamp);
f16vec4 textureOffsetClampARB(f16sampler2D sampler, vec2 P, const ivec2 offset, float lodClamp, float bias);
f16vec4 textureOffsetClampARB(f16sampler2D sampler, f16vec2 P, const ivec2 offset, float16_t lodClamp, float16_t bias);
f16vec4 textureOffsetClampARB(f16sampler3D sampler, vec3 P, const ivec3 offset, float lodClamp);
f16vec4 textureOffsetClampARB(f16sampler3D sampler, f16vec3 P, const ivec3 offset, float16_t lodClamp);
f16vec4 textureOffsetClampARB(f16sampler3D sampler, vec3 P, const ivec3 offset, float lodClamp, float bias);
f16vec4 textureOffsetClampARB(f16sampler3D sampler, f16vec3 P, const ivec3 offset, float16_t lodClamp, float16_t bias);
f16vec4 textureOffsetClampARB(f16sampler2DRect sampler, vec2 P, const ivec2 offset, float lodClamp);
f16vec4 textureOffsetClampARB(f16sampler2DRect sampler, f16vec2 P, const ivec2 offset, float16_t lodClamp);
f16vec4 textureOffsetClampARB(f16sampler1DArray sampler, vec2 P, const int offset, float lodClamp);
f16vec4 textureOffsetClampARB(f16sampler1DArray sampler, f16vec2 P, const int offset, float16_t lodClamp);
f16vec4 textureOffsetClampARB(f16sampler1DArray sampler, vec2 P, const int offset, float lodClamp, float bias);
f16vec4 textureOffsetClampARB(f16sampler1DArray sampler, f16vec2 P, const int offset, float16_t lodClamp, float16_t bias);
f16vec4 textureOffsetClampARB(f16sampler2DArray sampler, vec3 P, const ivec2 offset, float lodClamp);
f16vec4 textureOffsetClampARB(f16sampler2DArray sampler, f16vec3 P, const ivec2 offset, float16_t lodClamp);
f16vec4 textureOffsetClampARB(f16sampler2DArray sampler, vec3 P, const ivec2 offset, float lodClamp, float bias);
f16vec4 textureOffsetClampARB(f16sampler2DArray sampler, f16vec3 P, const ivec2 offset, float16_t lodClamp, float16_t bias);
float16_t textureOffsetClampARB(f16sampler1DShadow sampler, vec3 P, const int offset, float lodClamp);
float16_t textureOffsetClampARB(f16sampler1DShadow sampler, f16vec2 P, float compare, const int offset, float16_t lodClamp);
float16_t textureOffsetClampARB(f16sampler1DShadow sampler, vec3 P, const int offset, float lodClamp, float bias);
float16_t textureOffsetClampARB(f16sampler1DShadow sampler, f16vec2 P, float compare, const int offset, float16_t lodClamp, float16_t bias);
float16_t textureOffsetClampARB(f16sampler2DShadow sampler, vec3 P, const ivec2 offset, float lodClamp);
float16_t textureOffsetClampARB(f16sampler2DShadow sampler, f16vec2 P, float compare, const ivec2 offset, float16_t lodClamp);
float16_t textureOffsetClampARB(f16sampler2DShadow sampler, vec3 P, const ivec2 offset, float lodClamp, float bias);
float16_t textureOffsetClampARB(f16sampler2DShadow sampler, f16vec2 P, float compare, const ivec2 offset, float16_t lodClamp, float16_t bias);
float16_t textureOffsetClampARB(f16sampler2DRectShadow sampler, vec3 P, const ivec2 offset, float lodClamp);
float16_t textureOffsetClampARB(f16sampler2DRectShadow sampler, f16vec2 P, float compare, const ivec2 offset, float16_t lodClamp);
float16_t textureOffsetClampARB(f16sampler1DArrayShadow sampler, vec3 P, const int offset, float lodClamp);
float16_t textureOffsetClampARB(f16sampler1DArrayShadow sampler, f16vec2 P, float compare, const int offset, float16_t lodClamp);
float16_t textureOffsetClampARB(f16sampler1DArrayShadow sampler, vec3 P, const int offset, float lodClamp, float bias);
float16_t textureOffsetClampARB(f16sampler1DArrayShadow sampler, f16vec2 P, float compare, const int offset, float16_t lodClamp, float16_t bias);
float16_t textureOffsetClampARB(f16sampler2DArrayShadow sampler, vec4 P, const ivec2 offset, float lodClamp);
float16_t textureOffsetClampARB(f16sampler2DArrayShadow sampler, f16vec3 P, float compare, const ivec2 offset, float16_t lodClamp);
@ ext GL_NV_compute_shader_derivatives|GL_KHR_compute_shader_derivatives stage comp
f16vec4 textureOffsetClampARB(f16sampler1D sampler, float P, const int offset, float lodClamp);
f16vec4 textureOffsetClampARB(f16sampler1D sampler, float16_t P, const int offset, float16_t lodClamp);
f16vec4 textureOffsetClampARB(f16sampler1D sampler, float P, const int offset, float lodClamp, float bias);
f16vec4 textureOffsetClampARB(f16sampler1D sampler, float16_t P, const int offset, float16_t lodClamp, float16_t bias);
f16vec4 textureOffsetClampARB(f16sampler2D sampler, vec2 P, const ivec2 offset, float lodClamp);
f16vec4 textureOffsetClampARB(f16sampler2D sampler, f16vec2 P, const ivec2 offset, float16_t lodClamp);
f16vec4 textureOffsetClampARB(f16sampler2D sampler, vec2 P, const ivec2 offset, float lodClamp, float bias);
f16vec4 textureOffsetClampARB(f16sampler2D sampler, f16vec2 P, const ivec2 offset, float16_t lodClamp, float16_t bias);
f16vec4 textureOffsetClampARB(f16sampler3D sampler, vec3 P, const ivec3 offset, float lodClamp);
f16vec4 textureOffsetClampARB(f16sampler3D sampler, f16vec3 P, const ivec3 offset, float16_t lodClamp);
f16vec4 textureOffsetClampARB(f16sampler3D sampler, vec3 P, const ivec3 offset, float lodClamp, float bias);
f16vec4 textureOffsetClampARB(f16sampler3D sampler, f16vec3 P, const ivec3 offset, float16_t lodClamp, float16_t bias);
f16vec4 textureOffsetClampARB(f16sampler2DRect sampler, vec2 P, const ivec2 offset, float lodClamp);
f16vec4 textureOffsetClampARB(f16sampler2DRect sampler, f16vec2 P, const ivec2 offset, float16_t lodClamp);
f16vec4 textureOffsetClampARB(f16sampler1DArray sampler, vec2 P, const int offset, float lodClamp);
f16vec4 textureOffsetClampARB(f16sampler1DArray sampler, f16vec2 P, const int offset, float16_t lodClamp);
f16vec4 textureOffsetClampARB(f16sampler1DArray sampler, vec2 P, const int offset, float lodClamp, float bias);
f16vec4 textureOffsetClampARB(f16sampler1DArray sampler, f16vec2 P, const int offset, float16_t lodClamp, float16_t bias);
f16vec4 textureOffsetClampARB(f16sampler2DArray sampler, vec3 P, const ivec2 offset, float lodClamp);
f16vec4 textureOffsetClampARB(f16sampler2DArray sampler, f16vec3 P, const ivec2 offset, float16_t lodClamp);
f16vec4 textureOffsetClampARB(f16sampler2DArray sampler, vec3 P, const ivec2 offset, float lodClamp, float bias);
f16vec4 textureOffsetClampARB(f16sampler2DArray sampler, f16vec3 P, const ivec2 offset, float16_t lodClamp, float16_t bias);
float16_t textureOffsetClampARB(f16sampler1DShadow sampler, vec3 P, const int offset, float lodClamp);
float16_t textureOffsetClampARB(f16sampler1DShadow sampler, f16vec2 P, float compare, const int offset, float16_t lodClamp);
float16_t textureOffsetClampARB(f16sampler1DShadow sampler, vec3 P, const int offset, float lodClamp, float bias);
float16_t textureOffsetClampARB(f16sampler1DShadow sampler, f16vec2 P, float compare, const int offset, float16_t lodClamp, float16_t bias);
float16_t textureOffsetClampARB(f16sampler2DShadow sampler, vec3 P, const ivec2 offset, float lodClamp);
float16_t textureOffsetClampARB(f16sampler2DShadow sampler, f16vec2 P, float compare, const ivec2 offset, float16_t lodClamp);
float16_t textureOffsetClampARB(f16sampler2DShadow sampler, vec3 P, const ivec2 offset, float lodClamp, float bias);
float16_t textureOffsetClampARB(f16sampler2DShadow sampler, f16vec2 P, float compare, const ivec2 offset, float16_t lodClamp, float16_t bias);
float16_t textureOffsetClampARB(f16sampler2DRectShadow sampler, vec3 P, const ivec2 offset, float lodClamp);
float16_t textureOffsetClampARB(f16sampler2DRectShadow sampler, f16vec2 P, float compare, const ivec2 offset, float16_t lodClamp);
float16_t textureOffsetClampARB(f16sampler1DArrayShadow sampler, vec3 P, const int offset, float lodClamp);
float16_t textureOffsetClampARB(f16sampler1DArrayShadow sampler, f16vec2 P, float compare, const int offset, float16_t lodClamp);
float16_t textureOffsetClampARB(f16sampler1DArrayShadow sampler, vec3 P, const int offset, float lodClamp, float bias);
float16_t textureOffsetClampARB(f16sampler1DArrayShadow sampler, f16vec2 P, float compare, const int offset, float16_t lodClamp, float16_t bias);
float16_t textureOffsetClampARB(f16sampler2DArrayShadow sampler, vec4 P, const ivec2 offset, float lodClamp);
float16_t textureOffsetClampARB(f16sampler2DArrayShadow sampler, f16vec3 P, float compare, const ivec2 offset, float16_t lodClamp);

// ---- textureGradOffset
@ gl 450
f16vec4 textureGradOffset(f16sampler1D sampler, float P, float dPdx, float dPdy, const int offset);
f16vec4 textureGradOffset(f16sampler1D sampler, float16_t P, float16_t dPdx, float16_t dPdy, const int offset);
f16vec4 textureGradOffset(f16sampler2D sampler, vec2 P, vec2 dPdx, vec2 dPdy, const ivec2 offset);
f16vec4 textureGradOffset(f16sampler2D sampler, f16vec2 P, f16vec2 dPdx, f16vec2 dPdy, const ivec2 offset);
f16vec4 textureGradOffset(f16sampler3D sampler, vec3 P, vec3 dPdx, vec3 dPdy, const ivec3 offset);
f16vec4 textureGradOffset(f16sampler3D sampler, f16vec3 P, f16vec3 dPdx, f16vec3 dPdy, const ivec3 offset);
f16vec4 textureGradOffset(f16sampler2DRect sampler, vec2 P, vec2 dPdx, vec2 dPdy, const ivec2 offset);
f16vec4 textureGradOffset(f16sampler2DRect sampler, f16vec2 P, f16vec2 dPdx, f16vec2 dPdy, const ivec2 offset);
f16vec4 textureGradOffset(f16sampler1DArray sampler, vec2 P, float dPdx, float dPdy, const int offset);
f16vec4 textureGradOffset(f16sampler1DArray sampler, f16vec2 P, float16_t dPdx, float16_t dPdy, const int offset);
f16vec4 textureGradOffset(f16sampler2DArray sampler, vec3 P, vec2 dPdx, vec2 dPdy, const ivec2 offset);
f16vec4 textureGradOffset(f16sampler2DArray sampler, f16vec3 P, f16vec2 dPdx, f16vec2 dPdy, const ivec2 offset);
float16_t textureGradOffset(f16sampler1DShadow sampler, vec3 P, float dPdx, float dPdy, const int offset);
float16_t textureGradOffset(f16sampler1DShadow sampler, f16vec2 P, float compare, float16_t dPdx, float16_t dPdy, const int offset);
float16_t textureGradOffset(f16sampler2DShadow sampler, vec3 P, vec2 dPdx, vec2 dPdy, const ivec2 offset);
float16_t textureGradOffset(f16sampler2DShadow sampler, f16vec2 P, float compare, f16vec2 dPdx, f16vec2 dPdy, const ivec2 offset);
float16_t textureGradOffset(f16sampler2DRectShadow sampler, vec3 P, vec2 dPdx, vec2 dPdy, const ivec2 offset);
float16_t textureGradOffset(f16sampler2DRectShadow sampler, f16vec2 P, float compare, f16vec2 dPdx, f16vec2 dPdy, const ivec2 offset);
float16_t textureGradOffset(f16sampler1DArrayShadow sampler, vec3 P, float dPdx, float dPdy, const int offset);
float16_t textureGradOffset(f16sampler1DArrayShadow sampler, f16vec2 P, float compare, float16_t dPdx, float16_t dPdy, const int offset);
float16_t textureGradOffset(f16sampler2DArrayShadow sampler, vec4 P, vec2 dPdx, vec2 dPdy, const ivec2 offset);
float16_t textureGradOffset(f16sampler2DArrayShadow sampler, f16vec3 P, float compare, f16vec2 dPdx, f16vec2 dPdy, const ivec2 offset);

// ---- textureGradOffsetClampARB
@ ext GL_ARB_sparse_texture_clamp
f16vec4 textureGradOffsetClampARB(f16sampler1D sampler, float P, float dPdx, float dPdy, const int offset, float lodClamp);
f16vec4 textureGradOffsetClampARB(f16sampler1D sampler, float16_t P, float16_t dPdx, float16_t dPdy, const int offset, float16_t lodClamp);
f16vec4 textureGradOffsetClampARB(f16sampler2D sampler, vec2 P, vec2 dPdx, vec2 dPdy, const ivec2 offset, float lodClamp);
f16vec4 textureGradOffsetClampARB(f16sampler2D sampler, f16vec2 P, f16vec2 dPdx, f16vec2 dPdy, const ivec2 offset, float16_t lodClamp);
f16vec4 textureGradOffsetClampARB(f16sampler3D sampler, vec3 P, vec3 dPdx, vec3 dPdy, const ivec3 offset, float lodClamp);
f16vec4 textureGradOffsetClampARB(f16sampler3D sampler, f16vec3 P, f16vec3 dPdx, f16vec3 dPdy, const ivec3 offset, float16_t lodClamp);
f16vec4 textureGradOffsetClampARB(f16sampler2DRect sampler, vec2 P, vec2 dPdx, vec2 dPdy, const ivec2 offset, float lodClamp);
f16vec4 textureGradOffsetClampARB(f16sampler2DRect sampler, f16vec2 P, f16vec2 dPdx, f16vec2 dPdy, const ivec2 offset, float16_t lodClamp);
f16vec4 textureGradOffsetClampARB(f16sampler1DArray sampler, vec2 P, float dPdx, float dPdy, const int offset, float lodClamp);
f16vec4 textureGradOffsetClampARB(f16sampler1DArray sampler, f16vec2 P, float16_t dPdx, float16_t dPdy, const int offset, float16_t lodClamp);
f16vec4 textureGradOffsetClampARB(f16sampler2DArray sampler, vec3 P, vec2 dPdx, vec2 dPdy, const ivec2 offset, float lodClamp);
f16vec4 textureGradOffsetClampARB(f16sampler2DArray sampler, f16vec3 P, f16vec2 dPdx, f16vec2 dPdy, const ivec2 offset, float16_t lodClamp);
float16_t textureGradOffsetClampARB(f16sampler1DShadow sampler, vec3 P, float dPdx, float dPdy, const int offset, float lodClamp);
float16_t textureGradOffsetClampARB(f16sampler1DShadow sampler, f16vec2 P, float compare, float16_t dPdx, float16_t dPdy, const int offset, float16_t lodClamp);
float16_t textureGradOffsetClampARB(f16sampler2DShadow sampler, vec3 P, vec2 dPdx, vec2 dPdy, const ivec2 offset, float lodClamp);
float16_t textureGradOffsetClampARB(f16sampler2DShadow sampler, f16vec2 P, float compare, f16vec2 dPdx, f16vec2 dPdy, const ivec2 offset, float16_t lodClamp);
float16_t textureGradOffsetClampARB(f16sampler2DRectShadow sampler, vec3 P, vec2 dPdx, vec2 dPdy, const ivec2 offset, float lodClamp);
float16_t textureGradOffsetClampARB(f16sampler2DRectShadow sampler, f16vec2 P, float compare, f16vec2 dPdx, f16vec2 dPdy, const ivec2 offset, float16_t lodClamp);
float16_t textureGradOffsetClampARB(f16sampler1DArrayShadow sampler, vec3 P, float dPdx, float dPdy, const int offset, float lodClamp);
float16_t textureGradOffsetClampARB(f16sampler1DArrayShadow sampler, f16vec2 P, float compare, float16_t dPdx, float16_t dPdy, const int offset, float16_t lodClamp);
float16_t textureGradOffsetClampARB(f16sampler2DArrayShadow sampler, vec4 P, vec2 dPdx, vec2 dPdy, const ivec2 offset, float lodClamp);
float16_t textureGradOffsetClampARB(f16sampler2DArrayShadow sampler, f16vec3 P, float compare, f16vec2 dPdx, f16vec2 dPdy, const ivec2 offset, float16_t lodClamp);

// ---- texelFetchOffset
@ gl 450
f16vec4 texelFetchOffset(f16sampler1D sampler, int P, int lod, const int offset);
f16vec4 texelFetchOffset(f16sampler2D sampler, ivec2 P, int lod, const ivec2 offset);
f16vec4 texelFetchOffset(f16sampler3D sampler, ivec3 P, int lod, const ivec3 offset);
f16vec4 texelFetchOffset(f16sampler2DRect sampler, ivec2 P, const ivec2 offset);
f16vec4 texelFetchOffset(f16sampler1DArray sampler, ivec2 P, int lod, const int offset);
f16vec4 texelFetchOffset(f16sampler2DArray sampler, ivec3 P, int lod, const ivec2 offset);

// ---- textureLod
@ gl 450
f16vec4 textureLod(f16sampler1D sampler, float P, float lod);
f16vec4 textureLod(f16sampler1D sampler, float16_t P, float16_t lod);
f16vec4 textureLod(f16sampler2D sampler, vec2 P, float lod);
f16vec4 textureLod(f16sampler2D sampler, f16vec2 P, float16_t lod);
f16vec4 textureLod(f16sampler3D sampler, vec3 P, float lod);
f16vec4 textureLod(f16sampler3D sampler, f16vec3 P, float16_t lod);
f16vec4 textureLod(f16samplerCube sampler, vec3 P, float lod);
f16vec4 textureLod(f16samplerCube sampler, f16vec3 P, float16_t lod);
f16vec4 textureLod(f16sampler1DArray sampler, vec2 P, float lod);
f16vec4 textureLod(f16sampler1DArray sampler, f16vec2 P, float16_t lod);
f16vec4 textureLod(f16sampler2DArray sampler, vec3 P, float lod);
f16vec4 textureLod(f16sampler2DArray sampler, f16vec3 P, float16_t lod);
f16vec4 textureLod(f16samplerCubeArray sampler, vec4 P, float lod);
f16vec4 textureLod(f16samplerCubeArray sampler, f16vec4 P, float16_t lod);
float16_t textureLod(f16sampler1DShadow sampler, vec3 P, float lod);
float16_t textureLod(f16sampler1DShadow sampler, f16vec2 P, float compare, float16_t lod);
float16_t textureLod(f16sampler2DShadow sampler, vec3 P, float lod);
float16_t textureLod(f16sampler2DShadow sampler, f16vec2 P, float compare, float16_t lod);
float16_t textureLod(f16sampler1DArrayShadow sampler, vec3 P, float lod);
float16_t textureLod(f16sampler1DArrayShadow sampler, f16vec2 P, float compare, float16_t lod);

// ---- textureLodOffset
@ gl 450
f16vec4 textureLodOffset(f16sampler1D sampler, float P, float lod, const int offset);
f16vec4 textureLodOffset(f16sampler1D sampler, float16_t P, float16_t lod, const int offset);
f16vec4 textureLodOffset(f16sampler2D sampler, vec2 P, float lod, const ivec2 offset);
f16vec4 textureLodOffset(f16sampler2D sampler, f16vec2 P, float16_t lod, const ivec2 offset);
f16vec4 textureLodOffset(f16sampler3D sampler, vec3 P, float lod, const ivec3 offset);
f16vec4 textureLodOffset(f16sampler3D sampler, f16vec3 P, float16_t lod, const ivec3 offset);
f16vec4 textureLodOffset(f16sampler1DArray sampler, vec2 P, float lod, const int offset);
f16vec4 textureLodOffset(f16sampler1DArray sampler, f16vec2 P, float16_t lod, const int offset);
f16vec4 textureLodOffset(f16sampler2DArray sampler, vec3 P, float lod, const ivec2 offset);
f16vec4 textureLodOffset(f16sampler2DArray sampler, f16vec3 P, float16_t lod, const ivec2 offset);
float16_t textureLodOffset(f16sampler1DShadow sampler, vec3 P, float lod, const int offset);
float16_t textureLodOffset(f16sampler1DShadow sampler, f16vec2 P, float compare, float16_t lod, const int offset);
float16_t textureLodOffset(f16sampler2DShadow sampler, vec3 P, float lod, const ivec2 offset);
float16_t textureLodOffset(f16sampler2DShadow sampler, f16vec2 P, float compare, float16_t lod, const ivec2 offset);
float16_t textureLodOffset(f16sampler1DArrayShadow sampler, vec3 P, float lod, const int offset);
float16_t textureLodOffset(f16sampler1DArrayShadow sampler, f16vec2 P, float compare, float16_t lod, const int offset);

// ---- textureProj
@ gl 450
f16vec4 textureProj(f16sampler1D sampler, vec2 P);
f16vec4 textureProj(f16sampler1D sampler, f16vec2 P);
f16vec4 textureProj(f16sampler1D sampler, vec4 P);
f16vec4 textureProj(f16sampler1D sampler, f16vec4 P);
f16vec4 textureProj(f16sampler2D sampler, vec3 P);
f16vec4 textureProj(f16sampler2D sampler, f16vec3 P);
f16vec4 textureProj(f16sampler2D sampler, vec4 P);
f16vec4 textureProj(f16sampler2D sampler, f16vec4 P);
f16vec4 textureProj(f16sampler3D sampler, vec4 P);
f16vec4 textureProj(f16sampler3D sampler, f16vec4 P);
f16vec4 textureProj(f16sampler2DRect sampler, vec3 P);
f16vec4 textureProj(f16sampler2DRect sampler, f16vec3 P);
f16vec4 textureProj(f16sampler2DRect sampler, vec4 P);
f16vec4 textureProj(f16sampler2DRect sampler, f16vec4 P);
float16_t textureProj(f16sampler1DShadow sampler, vec4 P);
float16_t textureProj(f16sampler1DShadow sampler, f16vec3 P, float compare);
float16_t textureProj(f16sampler2DShadow sampler, vec4 P);
float16_t textureProj(f16sampler2DShadow sampler, f16vec3 P, float compare);
float16_t textureProj(f16sampler2DRectShadow sampler, vec4 P);
float16_t textureProj(f16sampler2DRectShadow sampler, f16vec3 P, float compare);
@ gl 450 stage frag
f16vec4 textureProj(f16sampler1D sampler, vec2 P, float bias);
f16vec4 textureProj(f16sampler1D sampler, f16vec2 P, float16_t bias);
f16vec4 textureProj(f16sampler1D sampler, vec4 P, float bias);
f16vec4 textureProj(f16sampler1D sampler, f16vec4 P, float16_t bias);
f16vec4 textureProj(f16sampler2D sampler, vec3 P, float bias);
f16vec4 textureProj(f16sampler2D sampler, f16vec3 P, float16_t bias);
f16vec4 textureProj(f16sampler2D sampler, vec4 P, float bias);
f16vec4 textureProj(f16sampler2D sampler, f16vec4 P, float16_t bias);
f16vec4 textureProj(f16sampler3D sampler, vec4 P, float bias);
f16vec4 textureProj(f16sampler3D sampler, f16vec4 P, float16_t bias);
float16_t textureProj(f16sampler1DShadow sampler, vec4 P, float bias);
float16_t textureProj(f16sampler1DShadow sampler, f16vec3 P, float compare, float16_t bias);
float16_t textureProj(f16sampler2DShadow sampler, vec4 P, float bias);
float16_t textureProj(f16sampler2DShadow sampler, f16vec3 P, float compare, float16_t bias);
@ ext GL_NV_compute_shader_derivatives|GL_KHR_compute_shader_derivatives stage comp
f16vec4 textureProj(f16sampler1D sampler, vec2 P, float bias);
f16vec4 textureProj(f16sampler1D sampler, f16vec2 P, float16_t bias);
f16vec4 textureProj(f16sampler1D sampler, vec4 P, float bias);
f16vec4 textureProj(f16sampler1D sampler, f16vec4 P, float16_t bias);
f16vec4 textureProj(f16sampler2D sampler, vec3 P, float bias);
f16vec4 textureProj(f16sampler2D sampler, f16vec3 P, float16_t bias);
f16vec4 textureProj(f16sampler2D sampler, vec4 P, float bias);
f16vec4 textureProj(f16sampler2D sampler, f16vec4 P, float16_t bias);
f16vec4 textureProj(f16sampler3D sampler, vec4 P, float bias);
f16vec4 textureProj(f16sampler3D sampler, f16vec4 P, float16_t bias);
float16_t textureProj(f16sampler1DShadow sampler, vec4 P, float bias);
float16_t textureProj(f16sampler1DShadow sampler, f16vec3 P, float compare, float16_t bias);
float16_t textureProj(f16sampler2DShadow sampler, vec4 P, float bias);
float16_t textureProj(f16sampler2DShadow sampler, f16vec3 P, float compare, float16_t bias);

// ---- textureProjGrad
@ gl 450
f16vec4 textureProjGrad(f16sampler1D sampler, vec2 P, float dPdx, float dPdy);
f16vec4 textureProjGrad(f16sampler1D sampler, f16vec2 P, float16_t dPdx, float16_t dPdy);
f16vec4 textureProjGrad(f16sampler1D sampler, vec4 P, float dPdx, float dPdy);
f16vec4 textureProjGrad(f16sampler1D sampler, f16vec4 P, float16_t dPdx, float16_t dPdy);
f16vec4 textureProjGrad(f16sampler2D sampler, vec3 P, vec2 dPdx, vec2 dPdy);
f16vec4 textureProjGrad(f16sampler2D sampler, f16vec3 P, f16vec2 dPdx, f16vec2 dPdy);
f16vec4 textureProjGrad(f16sampler2D sampler, vec4 P, vec2 dPdx, vec2 dPdy);
f16vec4 textureProjGrad(f16sampler2D sampler, f16vec4 P, f16vec2 dPdx, f16vec2 dPdy);
f16vec4 textureProjGrad(f16sampler3D sampler, vec4 P, vec3 dPdx, vec3 dPdy);
f16vec4 textureProjGrad(f16sampler3D sampler, f16vec4 P, f16vec3 dPdx, f16vec3 dPdy);
f16vec4 textureProjGrad(f16sampler2DRect sampler, vec3 P, vec2 dPdx, vec2 dPdy);
f16vec4 textureProjGrad(f16sampler2DRect sampler, f16vec3 P, f16vec2 dPdx, f16vec2 dPdy);
f16vec4 textureProjGrad(f16sampler2DRect sampler, vec4 P, vec2 dPdx, vec2 dPdy);
f16vec4 textureProjGrad(f16sampler2DRect sampler, f16vec4 P, f16vec2 dPdx, f16vec2 dPdy);
float16_t textureProjGrad(f16sampler1DShadow sampler, vec4 P, float dPdx, float dPdy);
float16_t textureProjGrad(f16sampler1DShadow sampler, f16vec3 P, float compare, float16_t dPdx, float16_t dPdy);
float16_t textureProjGrad(f16sampler2DShadow sampler, vec4 P, vec2 dPdx, vec2 dPdy);
float16_t textureProjGrad(f16sampler2DShadow sampler, f16vec3 P, float compare, f16vec2 dPdx, f16vec2 dPdy);
float16_t textureProjGrad(f16sampler2DRectShadow sampler, vec4 P, vec2 dPdx, vec2 dPdy);
float16_t textureProjGrad(f16sampler2DRectShadow sampler, f16vec3 P, float compare, f16vec2 dPdx, f16vec2 dPdy);

// ---- textureProjOffset
@ gl 450
f16vec4 textureProjOffset(f16sampler1D sampler, vec2 P, const int offset);
f16vec4 textureProjOffset(f16sampler1D sampler, f16vec2 P, const int offset);
f16vec4 textureProjOffset(f16sampler1D sampler, vec4 P, const int offset);
f16vec4 textureProjOffset(f16sampler1D sampler, f16vec4 P, const int offset);
f16vec4 textureProjOffset(f16sampler2D sampler, vec3 P, const ivec2 offset);
f16vec4 textureProjOffset(f16sampler2D sampler, f16vec3 P, const ivec2 offset);
f16vec4 textureProjOffset(f16sampler2D sampler, vec4 P, const ivec2 offset);
f16vec4 textureProjOffset(f16sampler2D sampler, f16vec4 P, const ivec2 offset);
f16vec4 textureProjOffset(f16sampler3D sampler, vec4 P, const ivec3 offset);
f16vec4 textureProjOffset(f16sampler3D sampler, f16vec4 P, const ivec3 offset);
f16vec4 textureProjOffset(f16sampler2DRect sampler, vec3 P, const ivec2 offset);
f16vec4 textureProjOffset(f16sampler2DRect sampler, f16vec3 P, const ivec2 offset);
f16vec4 textureProjOffset(f16sampler2DRect sampler, vec4 P, const ivec2 offset);
f16vec4 textureProjOffset(f16sampler2DRect sampler, f16vec4 P, const ivec2 offset);
float16_t textureProjOffset(f16sampler1DShadow sampler, vec4 P, const int offset);
float16_t textureProjOffset(f16sampler1DShadow sampler, f16vec3 P, float compare, const int offset);
float16_t textureProjOffset(f16sampler2DShadow sampler, vec4 P, const ivec2 offset);
float16_t textureProjOffset(f16sampler2DShadow sampler, f16vec3 P, float compare, const ivec2 offset);
float16_t textureProjOffset(f16sampler2DRectShadow sampler, vec4 P, const ivec2 offset);
float16_t textureProjOffset(f16sampler2DRectShadow sampler, f16vec3 P, float compare, const ivec2 offset);
@ gl 450 stage frag
f16vec4 textureProjOffset(f16sampler1D sampler, vec2 P, const int offset, float bias);
f16vec4 textureProjOffset(f16sampler1D sampler, f16vec2 P, const int offset, float16_t bias);
f16vec4 textureProjOffset(f16sampler1D sampler, vec4 P, const int offset, float bias);
f16vec4 textureProjOffset(f16sampler1D sampler, f16vec4 P, const int offset, float16_t bias);
f16vec4 textureProjOffset(f16sampler2D sampler, vec3 P, const ivec2 offset, float bias);
f16vec4 textureProjOffset(f16sampler2D sampler, f16vec3 P, const ivec2 offset, float16_t bias);
f16vec4 textureProjOffset(f16sampler2D sampler, vec4 P, const ivec2 offset, float bias);
f16vec4 textureProjOffset(f16sampler2D sampler, f16vec4 P, const ivec2 offset, float16_t bias);
f16vec4 textureProjOffset(f16sampler3D sampler, vec4 P, const ivec3 offset, float bias);
f16vec4 textureProjOffset(f16sampler3D sampler, f16vec4 P, const ivec3 offset, float16_t bias);
float16_t textureProjOffset(f16sampler1DShadow sampler, vec4 P, const int offset, float bias);
float16_t textureProjOffset(f16sampler1DShadow sampler, f16vec3 P, float compare, const int offset, float16_t bias);
float16_t textureProjOffset(f16sampler2DShadow sampler, vec4 P, const ivec2 offset, float bias);
float16_t textureProjOffset(f16sampler2DShadow sampler, f16vec3 P, float compare, const ivec2 offset, float16_t bias);
@ ext GL_NV_compute_shader_derivatives|GL_KHR_compute_shader_derivatives stage comp
f16vec4 textureProjOffset(f16sampler1D sampler, vec2 P, const int offset, float bias);
f16vec4 textureProjOffset(f16sampler1D sampler, f16vec2 P, const int offset, float16_t bias);
f16vec4 textureProjOffset(f16sampler1D sampler, vec4 P, const int offset, float bias);
f16vec4 textureProjOffset(f16sampler1D sampler, f16vec4 P, const int offset, float16_t bias);
f16vec4 textureProjOffset(f16sampler2D sampler, vec3 P, const ivec2 offset, float bias);
f16vec4 textureProjOffset(f16sampler2D sampler, f16vec3 P, const ivec2 offset, float16_t bias);
f16vec4 textureProjOffset(f16sampler2D sampler, vec4 P, const ivec2 offset, float bias);
f16vec4 textureProjOffset(f16sampler2D sampler, f16vec4 P, const ivec2 offset, float16_t bias);
f16vec4 textureProjOffset(f16sampler3D sampler, vec4 P, const ivec3 offset, float bias);
f16vec4 textureProjOffset(f16sampler3D sampler, f16vec4 P, const ivec3 offset, float16_t bias);
float16_t textureProjOffset(f16sampler1DShadow sampler, vec4 P, const int offset, float bias);
float16_t textureProjOffset(f16sampler1DShadow sampler, f16vec3 P, float compare, const int offset, float16_t bias);
float16_t textureProjOffset(f16sampler2DShadow sampler, vec4 P, const ivec2 offset, float bias);
float16_t textureProjOffset(f16sampler2DShadow sampler, f16vec3 P, float compare, const ivec2 offset, float16_t bias);

// ---- textureProjGradOffset
@ gl 450
f16vec4 textureProjGradOffset(f16sampler1D sampler, vec2 P, float dPdx, float dPdy, const int offset);
f16vec4 textureProjGradOffset(f16sampler1D sampler, f16vec2 P, float16_t dPdx, float16_t dPdy, const int offset);
f16vec4 textureProjGradOffset(f16sampler1D sampler, vec4 P, float dPdx, float dPdy, const int offset);
f16vec4 textureProjGradOffset(f16sampler1D sampler, f16vec4 P, float16_t dPdx, float16_t dPdy, const int offset);
f16vec4 textureProjGradOffset(f16sampler2D sampler, vec3 P, vec2 dPdx, vec2 dPdy, const ivec2 offset);
f16vec4 textureProjGradOffset(f16sampler2D sampler, f16vec3 P, f16vec2 dPdx, f16vec2 dPdy, const ivec2 offset);
f16vec4 textureProjGradOffset(f16sampler2D sampler, vec4 P, vec2 dPdx, vec2 dPdy, const ivec2 offset);
f16vec4 textureProjGradOffset(f16sampler2D sampler, f16vec4 P, f16vec2 dPdx, f16vec2 dPdy, const ivec2 offset);
f16vec4 textureProjGradOffset(f16sampler3D sampler, vec4 P, vec3 dPdx, vec3 dPdy, const ivec3 offset);
f16vec4 textureProjGradOffset(f16sampler3D sampler, f16vec4 P, f16vec3 dPdx, f16vec3 dPdy, const ivec3 offset);
f16vec4 textureProjGradOffset(f16sampler2DRect sampler, vec3 P, vec2 dPdx, vec2 dPdy, const ivec2 offset);
f16vec4 textureProjGradOffset(f16sampler2DRect sampler, f16vec3 P, f16vec2 dPdx, f16vec2 dPdy, const ivec2 offset);
f16vec4 textureProjGradOffset(f16sampler2DRect sampler, vec4 P, vec2 dPdx, vec2 dPdy, const ivec2 offset);
f16vec4 textureProjGradOffset(f16sampler2DRect sampler, f16vec4 P, f16vec2 dPdx, f16vec2 dPdy, const ivec2 offset);
float16_t textureProjGradOffset(f16sampler1DShadow sampler, vec4 P, float dPdx, float dPdy, const int offset);
float16_t textureProjGradOffset(f16sampler1DShadow sampler, f16vec3 P, float compare, float16_t dPdx, float16_t dPdy, const int offset);
float16_t textureProjGradOffset(f16sampler2DShadow sampler, vec4 P, vec2 dPdx, vec2 dPdy, const ivec2 offset);
float16_t textureProjGradOffset(f16sampler2DShadow sampler, f16vec3 P, float compare, f16vec2 dPdx, f16vec2 dPdy, const ivec2 offset);
float16_t textureProjGradOffset(f16sampler2DRectShadow sampler, vec4 P, vec2 dPdx, vec2 dPdy, const ivec2 offset);
float16_t textureProjGradOffset(f16sampler2DRectShadow sampler, f16vec3 P, float compare, f16vec2 dPdx, f16vec2 dPdy, const ivec2 offset);

// ---- textureProjLod
@ gl 450
f16vec4 textureProjLod(f16sampler1D sampler, vec2 P, float lod);
f16vec4 textureProjLod(f16sampler1D sampler, f16vec2 P, float16_t lod);
f16vec4 textureProjLod(f16sampler1D sampler, vec4 P, float lod);
f16vec4 textureProjLod(f16sampler1D sampler, f16vec4 P, float16_t lod);
f16vec4 textureProjLod(f16sampler2D sampler, vec3 P, float lod);
f16vec4 textureProjLod(f16sampler2D sampler, f16vec3 P, float16_t lod);
f16vec4 textureProjLod(f16sampler2D sampler, vec4 P, float lod);
f16vec4 textureProjLod(f16sampler2D sampler, f16vec4 P, float16_t lod);
f16vec4 textureProjLod(f16sampler3D sampler, vec4 P, float lod);
f16vec4 textureProjLod(f16sampler3D sampler, f16vec4 P, float16_t lod);
float16_t textureProjLod(f16sampler1DShadow sampler, vec4 P, float lod);
float16_t textureProjLod(f16sampler1DShadow sampler, f16vec3 P, float compare, float16_t lod);
float16_t textureProjLod(f16sampler2DShadow sampler, vec4 P, float lod);
float16_t textureProjLod(f16sampler2DShadow sampler, f16vec3 P, float compare, float16_t lod);

// ---- textureProjLodOffset
@ gl 450
f16vec4 textureProjLodOffset(f16sampler1D sampler, vec2 P, float lod, const int offset);
f16vec4 textureProjLodOffset(f16sampler1D sampler, f16vec2 P, float16_t lod, const int offset);
f16vec4 textureProjLodOffset(f16sampler1D sampler, vec4 P, float lod, const int offset);
f16vec4 textureProjLodOffset(f16sampler1D sampler, f16vec4 P, float16_t lod, const int offset);
f16vec4 textureProjLodOffset(f16sampler2D sampler, vec3 P, float lod, const ivec2 offset);
f16vec4 textureProjLodOffset(f16sampler2D sampler, f16vec3 P, float16_t lod, const ivec2 offset);
f16vec4 textureProjLodOffset(f16sampler2D sampler, vec4 P, float lod, const ivec2 offset);
f16vec4 textureProjLodOffset(f16sampler2D sampler, f16vec4 P, float16_t lod, const ivec2 offset);
f16vec4 textureProjLodOffset(f16sampler3D sampler, vec4 P, float lod, const ivec3 offset);
f16vec4 textureProjLodOffset(f16sampler3D sampler, f16vec4 P, float16_t lod, const ivec3 offset);
float16_t textureProjLodOffset(f16sampler1DShadow sampler, vec4 P, float lod, const int offset);
float16_t textureProjLodOffset(f16sampler1DShadow sampler, f16vec3 P, float compare, float16_t lod, const int offset);
float16_t textureProjLodOffset(f16sampler2DShadow sampler, vec4 P, float lod, const ivec2 offset);
float16_t textureProjLodOffset(f16sampler2DShadow sampler, f16vec3 P, float compare, float16_t lod, const ivec2 offset);

// ---- sparseTextureARB
@ ext GL_ARB_sparse_texture2
int sparseTextureARB(f16sampler2D sampler, vec2 P, out f16vec4 texel);
int sparseTextureARB(f16sampler2D sampler, f16vec2 P, out f16vec4 texel);
int sparseTextureARB(f16sampler3D sampler, vec3 P, out f16vec4 texel);
int sparseTextureARB(f16sampler3D sampler, f16vec3 P, out f16vec4 texel);
int sparseTextureARB(f16samplerCube sampler, vec3 P, out f16vec4 texel);
int sparseTextureARB(f16samplerCube sampler, f16vec3 P, out f16vec4 texel);
int sparseTextureARB(f16sampler2DRect sampler, vec2 P, out f16vec4 texel);
int sparseTextureARB(f16sampler2DRect sampler, f16vec2 P, out f16vec4 texel);
int sparseTextureARB(f16sampler2DArray sampler, vec3 P, out f16vec4 texel);
int sparseTextureARB(f16sampler2DArray sampler, f16vec3 P, out f16vec4 texel);
int sparseTextureARB(f16samplerCubeArray sampler, vec4 P, out f16vec4 texel);
int sparseTextureARB(f16samplerCubeArray sampler, f16vec4 P, out f16vec4 texel);
int sparseTextureARB(f16sampler2DShadow sampler, vec3 P, out float16_t texel);
int sparseTextureARB(f16sampler2DShadow sampler, f16vec2 P, float compare, out float16_t texel);
int sparseTextureARB(f16samplerCubeShadow sampler, vec4 P, out float16_t texel);
int sparseTextureARB(f16samplerCubeShadow sampler, f16vec3 P, float compare, out float16_t texel);
int sparseTextureARB(f16sampler2DRectShadow sampler, vec3 P, out float16_t texel);
int sparseTextureARB(f16sampler2DRectShadow sampler, f16vec2 P, float compare, out float16_t texel);
int sparseTextureARB(f16sampler2DArrayShadow sampler, vec4 P, out float16_t texel);
int sparseTextureARB(f16sampler2DArrayShadow sampler, f16vec3 P, float compare, out float16_t texel);
int sparseTextureARB(f16samplerCubeArrayShadow sampler, vec4 P, float compare, out float16_t texel);
int sparseTextureARB(f16samplerCubeArrayShadow sampler, f16vec4 P, float compare, out float16_t texel);
@ ext GL_ARB_sparse_texture2 stage frag
int sparseTextureARB(f16sampler2D sampler, vec2 P, out f16vec4 texel, float bias);
int sparseTextureARB(f16sampler2D sampler, f16vec2 P, out f16vec4 texel, float16_t bias);
int sparseTextureARB(f16sampler3D sampler, vec3 P, out f16vec4 texel, float bias);
int sparseTextureARB(f16sampler3D sampler, f16vec3 P, out f16vec4 texel, float16_t bias);
int sparseTextureARB(f16samplerCube sampler, vec3 P, out f16vec4 texel, float bias);
int sparseTextureARB(f16samplerCube sampler, f16vec3 P, out f16vec4 texel, float16_t bias);
int sparseTextureARB(f16sampler2DArray sampler, vec3 P, out f16vec4 texel, float bias);
int sparseTextureARB(f16sampler2DArray sampler, f16vec3 P, out f16vec4 texel, float16_t bias);
int sparseTextureARB(f16samplerCubeArray sampler, vec4 P, out f16vec4 texel, float bias);
int sparseTextureARB(f16samplerCubeArray sampler, f16vec4 P, out f16vec4 texel, float16_t bias);
int sparseTextureARB(f16sampler2DShadow sampler, vec3 P, out float16_t texel, float bias);
int sparseTextureARB(f16sampler2DShadow sampler, f16vec2 P, float compare, out float16_t texel, float16_t bias);
int sparseTextureARB(f16samplerCubeShadow sampler, vec4 P, out float16_t texel, float bias);
int sparseTextureARB(f16samplerCubeShadow sampler, f16vec3 P, float compare, out float16_t texel, float16_t bias);
@ ext GL_NV_compute_shader_derivatives|GL_KHR_compute_shader_derivatives stage comp
int sparseTextureARB(f16sampler2D sampler, vec2 P, out f16vec4 texel, float bias);
int sparseTextureARB(f16sampler2D sampler, f16vec2 P, out f16vec4 texel, float16_t bias);
int sparseTextureARB(f16sampler3D sampler, vec3 P, out f16vec4 texel, float bias);
int sparseTextureARB(f16sampler3D sampler, f16vec3 P, out f16vec4 texel, float16_t bias);
int sparseTextureARB(f16samplerCube sampler, vec3 P, out f16vec4 texel, float bias);
int sparseTextureARB(f16samplerCube sampler, f16vec3 P, out f16vec4 texel, float16_t bias);
int sparseTextureARB(f16sampler2DArray sampler, vec3 P, out f16vec4 texel, float bias);
int sparseTextureARB(f16sampler2DArray sampler, f16vec3 P, out f16vec4 texel, float16_t bias);
int sparseTextureARB(f16samplerCubeArray sampler, vec4 P, out f16vec4 texel, float bias);
int sparseTextureARB(f16samplerCubeArray sampler, f16vec4 P, out f16vec4 texel, float16_t bias);
int sparseTextureARB(f16sampler2DShadow sampler, vec3 P, out float16_t texel, float bias);
int sparseTextureARB(f16sampler2DShadow sampler, f16vec2 P, float compare, out float16_t texel, float16_t bias);
int sparseTextureARB(f16samplerCubeShadow sampler, vec4 P, out float16_t texel, float bias);
int sparseTextureARB(f16samplerCubeShadow sampler, f16vec3 P, float compare, out float16_t texel, float16_t bias);

// ---- sparseTextureClampARB
@ ext GL_ARB_sparse_texture_clamp stage frag
int sparseTextureClampARB(f16sampler2D sampler, vec2 P, float lodClamp, out f16vec4 texel);
int sparseTextureClampARB(f16sampler2D sampler, f16vec2 P, float16_t lodClamp, out f16vec4 texel);
int sparseTextureClampARB(f16sampler2D sampler, vec2 P, float lodClamp, out f16vec4 texel, float bias);
int sparseTextureClampARB(f16sampler2D sampler, f16vec2 P, float16_t lodClamp, out f16vec4 texel, float16_t bias);
int sparseTextureClampARB(f16sampler3D sampler, vec3 P, float lodClamp, out f16vec4 texel);
int sparseTextureClampARB(f16sampler3D sampler, f16vec3 P, float16_t lodClamp, out f16vec4 texel);
int sparseTextureClampARB(f16sampler3D sampler, vec3 P, float lodClamp, out f16vec4 texel, float bias);
int sparseTextureClampARB(f16sampler3D sampler, f16vec3 P, float16_t lodClamp, out f16vec4 texel, float16_t bias);
int sparseTextureClampARB(f16samplerCube sampler, vec3 P, float lodClamp, out f16vec4 texel);
int sparseTextureClampARB(f16samplerCube sampler, f16vec3 P, float16_t lodClamp, out f16vec4 texel);
int sparseTextureClampARB(f16samplerCube sampler, vec3 P, float lodClamp, out f16vec4 texel, float bias);
int sparseTextureClampARB(f16samplerCube sampler, f16vec3 P, float16_t lodClamp, out f16vec4 texel, float16_t bias);
int sparseTextureClampARB(f16sampler2DRect sampler, vec2 P, float lodClamp, out f16vec4 texel);
int sparseTextureClampARB(f16sampler2DRect sampler, f16vec2 P, float16_t lodClamp, out f16vec4 texel);
int sparseTextureClampARB(f16sampler2DArray sampler, vec3 P, float lodClamp, out f16vec4 texel);
int sparseTextureClampARB(f16sampler2DArray sampler, f16vec3 P, float16_t lodClamp, out f16vec4 texel);
int sparseTextureClampARB(f16sampler2DArray sampler, vec3 P, float lodClamp, out f16vec4 texel, float bias);
int sparseTextureClampARB(f16sampler2DArray sampler, f16vec3 P, float16_t lodClamp, out f16vec4 texel, float16_t bias);
int sparseTextureClampARB(f16samplerCubeArray sampler, vec4 P, float lodClamp, out f16vec4 texel);
int sparseTextureClampARB(f16samplerCubeArray sampler, f16vec4 P, float16_t lodClamp, out f16vec4 texel);
int sparseTextureClampARB(f16samplerCubeArray sampler, vec4 P, float lodClamp, out f16vec4 texel, float bias);
int sparseTextureClampARB(f16samplerCubeArray sampler, f16vec4 P, float16_t lodClamp, out f16vec4 texel, float16_t bias);
int sparseTextureClampARB(f16sampler2DShadow sampler, vec3 P, float lodClamp, out float16_t texel);
int sparseTextureClampARB(f16sampler2DShadow sampler, f16vec2 P, float compare, float16_t lodClamp, out float16_t texel);
int sparseTextureClampARB(f16sampler2DShadow sampler, vec3 P, float lodClamp, out float16_t texel, float bias);
int sparseTextureClampARB(f16sampler2DShadow sampler, f16vec2 P, float compare, float16_t lodClamp, out float16_t texel, float16_t bias);
int sparseTextureClampARB(f16samplerCubeShadow sampler, vec4 P, float lodClamp, out float16_t texel);
int sparseTextureClampARB(f16samplerCubeShadow sampler, f16vec3 P, float compare, float16_t lodClamp, out float16_t texel);
int sparseTextureClampARB(f16samplerCubeShadow sampler, vec4 P, float lodClamp, out float16_t texel, float bias);
int sparseTextureClampARB(f16samplerCubeShadow sampler, f16vec3 P, float compare, float16_t lodClamp, out float16_t texel, float16_t bias);
int sparseTextureClampARB(f16sampler2DRectShadow sampler, vec3 P, float lodClamp, out float16_t texel);
int sparseTextureClampARB(f16sampler2DRectShadow sampler, f16vec2 P, float compare, float16_t lodClamp, out float16_t texel);
int sparseTextureClampARB(f16sampler2DArrayShadow sampler, vec4 P, float lodClamp, out float16_t texel);
int sparseTextureClampARB(f16sampler2DArrayShadow sampler, f16vec3 P, float compare, float16_t lodClamp, out float16_t texel);
int sparseTextureClampARB(f16samplerCubeArrayShadow sampler, vec4 P, float compare, float lodClamp, out float16_t texel);
int sparseTextureClampARB(f16samplerCubeArrayShadow sampler, f16vec4 P, float compare, float16_t lodClamp, out float16_t texel);
@ ext GL_NV_compute_shader_derivatives|GL_KHR_compute_shader_derivatives stage comp
int sparseTextureClampARB(f16sampler2D sampler, vec2 P, float lodClamp, out f16vec4 texel);
int sparseTextureClampARB(f16sampler2D sampler, f16vec2 P, float16_t lodClamp, out f16vec4 texel);
int sparseTextureClampARB(f16sampler2D sampler, vec2 P, float lodClamp, out f16vec4 texel, float bias);
int sparseTextureClampARB(f16sampler2D sampler, f16vec2 P, float16_t lodClamp, out f16vec4 texel, float16_t bias);
int sparseTextureClampARB(f16sampler3D sampler, vec3 P, float lodClamp, out f16vec4 texel);
int sparseTextureClampARB(f16sampler3D sampler, f16vec3 P, float16_t lodClamp, out f16vec4 texel);
int sparseTextureClampARB(f16sampler3D sampler, vec3 P, float lodClamp, out f16vec4 texel, float bias);
int sparseTextureClampARB(f16sampler3D sampler, f16vec3 P, float16_t lodClamp, out f16vec4 texel, float16_t bias);
int sparseTextureClampARB(f16samplerCube sampler, vec3 P, float lodClamp, out f16vec4 texel);
int sparseTextureClampARB(f16samplerCube sampler, f16vec3 P, float16_t lodClamp, out f16vec4 texel);
int sparseTextureClampARB(f16samplerCube sampler, vec3 P, float lodClamp, out f16vec4 texel, float bias);
int sparseTextureClampARB(f16samplerCube sampler, f16vec3 P, float16_t lodClamp, out f16vec4 texel, float16_t bias);
int sparseTextureClampARB(f16sampler2DRect sampler, vec2 P, float lodClamp, out f16vec4 texel);
int sparseTextureClampARB(f16sampler2DRect sampler, f16vec2 P, float16_t lodClamp, out f16vec4 texel);
int sparseTextureClampARB(f16sampler2DArray sampler, vec3 P, float lodClamp, out f16vec4 texel);
int sparseTextureClampARB(f16sampler2DArray sampler, f16vec3 P, float16_t lodClamp, out f16vec4 texel);
int sparseTextureClampARB(f16sampler2DArray sampler, vec3 P, float lodClamp, out f16vec4 texel, float bias);
int sparseTextureClampARB(f16sampler2DArray sampler, f16vec3 P, float16_t lodClamp, out f16vec4 texel, float16_t bias);
int sparseTextureClampARB(f16samplerCubeArray sampler, vec4 P, float lodClamp, out f16vec4 texel);
int sparseTextureClampARB(f16samplerCubeArray sampler, f16vec4 P, float16_t lodClamp, out f16vec4 texel);
int sparseTextureClampARB(f16samplerCubeArray sampler, vec4 P, float lodClamp, out f16vec4 texel, float bias);
int sparseTextureClampARB(f16samplerCubeArray sampler, f16vec4 P, float16_t lodClamp, out f16vec4 texel, float16_t bias);
int sparseTextureClampARB(f16sampler2DShadow sampler, vec3 P, float lodClamp, out float16_t texel);
int sparseTextureClampARB(f16sampler2DShadow sampler, f16vec2 P, float compare, float16_t lodClamp, out float16_t texel);
int sparseTextureClampARB(f16sampler2DShadow sampler, vec3 P, float lodClamp, out float16_t texel, float bias);
int sparseTextureClampARB(f16sampler2DShadow sampler, f16vec2 P, float compare, float16_t lodClamp, out float16_t texel, float16_t bias);
int sparseTextureClampARB(f16samplerCubeShadow sampler, vec4 P, float lodClamp, out float16_t texel);
int sparseTextureClampARB(f16samplerCubeShadow sampler, f16vec3 P, float compare, float16_t lodClamp, out float16_t texel);
int sparseTextureClampARB(f16samplerCubeShadow sampler, vec4 P, float lodClamp, out float16_t texel, float bias);
int sparseTextureClampARB(f16samplerCubeShadow sampler, f16vec3 P, float compare, float16_t lodClamp, out float16_t texel, float16_t bias);
int sparseTextureClampARB(f16sampler2DRectShadow sampler, vec3 P, float lodClamp, out float16_t texel);
int sparseTextureClampARB(f16sampler2DRectShadow sampler, f16vec2 P, float compare, float16_t lodClamp, out float16_t texel);
int sparseTextureClampARB(f16sampler2DArrayShadow sampler, vec4 P, float lodClamp, out float16_t texel);
int sparseTextureClampARB(f16sampler2DArrayShadow sampler, f16vec3 P, float compare, float16_t lodClamp, out float16_t texel);
int sparseTextureClampARB(f16samplerCubeArrayShadow sampler, vec4 P, float compare, float lodClamp, out float16_t texel);
int sparseTextureClampARB(f16samplerCubeArrayShadow sampler, f16vec4 P, float compare, float16_t lodClamp, out float16_t texel);

// ---- sparseTextureGradARB
@ ext GL_ARB_sparse_texture2
int sparseTextureGradARB(f16sampler2D sampler, vec2 P, vec2 dPdx, vec2 dPdy, out f16vec4 texel);
int sparseTextureGradARB(f16sampler2D sampler, f16vec2 P, f16vec2 dPdx, f16vec2 dPdy, out f16vec4 texel);
int sparseTextureGradARB(f16sampler3D sampler, vec3 P, vec3 dPdx, vec3 dPdy, out f16vec4 texel);
int sparseTextureGradARB(f16sampler3D sampler, f16vec3 P, f16vec3 dPdx, f16vec3 dPdy, out f16vec4 texel);
int sparseTextureGradARB(f16samplerCube sampler, vec3 P, vec3 dPdx, vec3 dPdy, out f16vec4 texel);
int sparseTextureGradARB(f16samplerCube sampler, f16vec3 P, f16vec3 dPdx, f16vec3 dPdy, out f16vec4 texel);
int sparseTextureGradARB(f16sampler2DRect sampler, vec2 P, vec2 dPdx, vec2 dPdy, out f16vec4 texel);
int sparseTextureGradARB(f16sampler2DRect sampler, f16vec2 P, f16vec2 dPdx, f16vec2 dPdy, out f16vec4 texel);
int sparseTextureGradARB(f16sampler2DArray sampler, vec3 P, vec2 dPdx, vec2 dPdy, out f16vec4 texel);
int sparseTextureGradARB(f16sampler2DArray sampler, f16vec3 P, f16vec2 dPdx, f16vec2 dPdy, out f16vec4 texel);
int sparseTextureGradARB(f16samplerCubeArray sampler, vec4 P, vec3 dPdx, vec3 dPdy, out f16vec4 texel);
int sparseTextureGradARB(f16samplerCubeArray sampler, f16vec4 P, f16vec3 dPdx, f16vec3 dPdy, out f16vec4 texel);
int sparseTextureGradARB(f16sampler2DShadow sampler, vec3 P, vec2 dPdx, vec2 dPdy, out float16_t texel);
int sparseTextureGradARB(f16sampler2DShadow sampler, f16vec2 P, float compare, f16vec2 dPdx, f16vec2 dPdy, out float16_t texel);
int sparseTextureGradARB(f16samplerCubeShadow sampler, vec4 P, vec3 dPdx, vec3 dPdy, out float16_t texel);
int sparseTextureGradARB(f16samplerCubeShadow sampler, f16vec3 P, float compare, f16vec3 dPdx, f16vec3 dPdy, out float16_t texel);
int sparseTextureGradARB(f16sampler2DRectShadow sampler, vec3 P, vec2 dPdx, vec2 dPdy, out float16_t texel);
int sparseTextureGradARB(f16sampler2DRectShadow sampler, f16vec2 P, float compare, f16vec2 dPdx, f16vec2 dPdy, out float16_t texel);
int sparseTextureGradARB(f16sampler2DArrayShadow sampler, vec4 P, vec2 dPdx, vec2 dPdy, out float16_t texel);
int sparseTextureGradARB(f16sampler2DArrayShadow sampler, f16vec3 P, float compare, f16vec2 dPdx, f16vec2 dPdy, out float16_t texel);

// ---- sparseTextureGradClampARB
@ ext GL_ARB_sparse_texture_clamp
int sparseTextureGradClampARB(f16sampler2D sampler, vec2 P, vec2 dPdx, vec2 dPdy, float lodClamp, out f16vec4 texel);
int sparseTextureGradClampARB(f16sampler2D sampler, f16vec2 P, f16vec2 dPdx, f16vec2 dPdy, float16_t lodClamp, out f16vec4 texel);
int sparseTextureGradClampARB(f16sampler3D sampler, vec3 P, vec3 dPdx, vec3 dPdy, float lodClamp, out f16vec4 texel);
int sparseTextureGradClampARB(f16sampler3D sampler, f16vec3 P, f16vec3 dPdx, f16vec3 dPdy, float16_t lodClamp, out f16vec4 texel);
int sparseTextureGradClampARB(f16samplerCube sampler, vec3 P, vec3 dPdx, vec3 dPdy, float lodClamp, out f16vec4 texel);
int sparseTextureGradClampARB(f16samplerCube sampler, f16vec3 P, f16vec3 dPdx, f16vec3 dPdy, float16_t lodClamp, out f16vec4 texel);
int sparseTextureGradClampARB(f16sampler2DRect sampler, vec2 P, vec2 dPdx, vec2 dPdy, float lodClamp, out f16vec4 texel);
int sparseTextureGradClampARB(f16sampler2DRect sampler, f16vec2 P, f16vec2 dPdx, f16vec2 dPdy, float16_t lodClamp, out f16vec4 texel);
int sparseTextureGradClampARB(f16sampler2DArray sampler, vec3 P, vec2 dPdx, vec2 dPdy, float lodClamp, out f16vec4 texel);
int sparseTextureGradClampARB(f16sampler2DArray sampler, f16vec3 P, f16vec2 dPdx, f16vec2 dPdy, float16_t lodClamp, out f16vec4 texel);
int sparseTextureGradClampARB(f16samplerCubeArray sampler, vec4 P, vec3 dPdx, vec3 dPdy, float lodClamp, out f16vec4 texel);
int sparseTextureGradClampARB(f16samplerCubeArray sampler, f16vec4 P, f16vec3 dPdx, f16vec3 dPdy, float16_t lodClamp, out f16vec4 texel);
int sparseTextureGradClampARB(f16sampler2DShadow sampler, vec3 P, vec2 dPdx, vec2 dPdy, float lodClamp, out float16_t texel);
int sparseTextureGradClampARB(f16sampler2DShadow sampler, f16vec2 P, float compare, f16vec2 dPdx, f16vec2 dPdy, float16_t lodClamp, out float16_t texel);
int sparseTextureGradClampARB(f16samplerCubeShadow sampler, vec4 P, vec3 dPdx, vec3 dPdy, float lodClamp, out float16_t texel);
int sparseTextureGradClampARB(f16samplerCubeShadow sampler, f16vec3 P, float compare, f16vec3 dPdx, f16vec3 dPdy, float16_t lodClamp, out float16_t texel);
int sparseTextureGradClampARB(f16sampler2DRectShadow sampler, vec3 P, vec2 dPdx, vec2 dPdy, float lodClamp, out float16_t texel);
int sparseTextureGradClampARB(f16sampler2DRectShadow sampler, f16vec2 P, float compare, f16vec2 dPdx, f16vec2 dPdy, float16_t lodClamp, out float16_t texel);
int sparseTextureGradClampARB(f16sampler2DArrayShadow sampler, vec4 P, vec2 dPdx, vec2 dPdy, float lodClamp, out float16_t texel);
int sparseTextureGradClampARB(f16sampler2DArrayShadow sampler, f16vec3 P, float compare, f16vec2 dPdx, f16vec2 dPdy, float16_t lodClamp, out float16_t texel);

// ---- sparseTexelFetchARB
@ ext GL_ARB_sparse_texture2
int sparseTexelFetchARB(f16sampler2D sampler, ivec2 P, int lod, out f16vec4 texel);
int sparseTexelFetchARB(f16sampler3D sampler, ivec3 P, int lod, out f16vec4 texel);
int sparseTexelFetchARB(f16sampler2DRect sampler, ivec2 P, out f16vec4 texel);
int sparseTexelFetchARB(f16sampler2DArray sampler, ivec3 P, int lod, out f16vec4 texel);
int sparseTexelFetchARB(f16sampler2DMS sampler, ivec2 P, int sample, out f16vec4 texel);
int sparseTexelFetchARB(f16sampler2DMSArray sampler, ivec3 P, int sample, out f16vec4 texel);

// ---- sparseTextureOffsetARB
@ ext GL_ARB_sparse_texture2
int sparseTextureOffsetARB(f16sampler2D sampler, vec2 P, const ivec2 offset, out f16vec4 texel);
int sparseTextureOffsetARB(f16sampler2D sampler, f16vec2 P, const ivec2 offset, out f16vec4 texel);
int sparseTextureOffsetARB(f16sampler3D sampler, vec3 P, const ivec3 offset, out f16vec4 texel);
int sparseTextureOffsetARB(f16sampler3D sampler, f16vec3 P, const ivec3 offset, out f16vec4 texel);
int sparseTextureOffsetARB(f16sampler2DRect sampler, vec2 P, const ivec2 offset, out f16vec4 texel);
int sparseTextureOffsetARB(f16sampler2DRect sampler, f16vec2 P, const ivec2 offset, out f16vec4 texel);
int sparseTextureOffsetARB(f16sampler2DArray sampler, vec3 P, const ivec2 offset, out f16vec4 texel);
int sparseTextureOffsetARB(f16sampler2DArray sampler, f16vec3 P, const ivec2 offset, out f16vec4 texel);
int sparseTextureOffsetARB(f16sampler2DShadow sampler, vec3 P, const ivec2 offset, out float16_t texel);
int sparseTextureOffsetARB(f16sampler2DShadow sampler, f16vec2 P, float compare, const ivec2 offset, out float16_t texel);
int sparseTextureOffsetARB(f16sampler2DRectShadow sampler, vec3 P, const ivec2 offset, out float16_t texel);
int sparseTextureOffsetARB(f16sampler2DRectShadow sampler, f16vec2 P, float compare, const ivec2 offset, out float16_t texel);
int sparseTextureOffsetARB(f16sampler2DArrayShadow sampler, vec4 P, const ivec2 offset, out float16_t texel);
int sparseTextureOffsetARB(f16sampler2DArrayShadow sampler, f16vec3 P, float compare, const ivec2 offset, out float16_t texel);
@ ext GL_ARB_sparse_texture2 stage frag
int sparseTextureOffsetARB(f16sampler2D sampler, vec2 P, const ivec2 offset, out f16vec4 texel, float bias);
int sparseTextureOffsetARB(f16sampler2D sampler, f16vec2 P, const ivec2 offset, out f16vec4 texel, float16_t bias);
int sparseTextureOffsetARB(f16sampler3D sampler, vec3 P, const ivec3 offset, out f16vec4 texel, float bias);
int sparseTextureOffsetARB(f16sampler3D sampler, f16vec3 P, const ivec3 offset, out f16vec4 texel, float16_t bias);
int sparseTextureOffsetARB(f16sampler2DArray sampler, vec3 P, const ivec2 offset, out f16vec4 texel, float bias);
int sparseTextureOffsetARB(f16sampler2DArray sampler, f16vec3 P, const ivec2 offset, out f16vec4 texel, float16_t bias);
int sparseTextureOffsetARB(f16sampler2DShadow sampler, vec3 P, const ivec2 offset, out float16_t texel, float bias);
int sparseTextureOffsetARB(f16sampler2DShadow sampler, f16vec2 P, float compare, const ivec2 offset, out float16_t texel, float16_t bias);
@ ext GL_NV_compute_shader_derivatives|GL_KHR_compute_shader_derivatives stage comp
int sparseTextureOffsetARB(f16sampler2D sampler, vec2 P, const ivec2 offset, out f16vec4 texel, float bias);
int sparseTextureOffsetARB(f16sampler2D sampler, f16vec2 P, const ivec2 offset, out f16vec4 texel, float16_t bias);
int sparseTextureOffsetARB(f16sampler3D sampler, vec3 P, const ivec3 offset, out f16vec4 texel, float bias);
int sparseTextureOffsetARB(f16sampler3D sampler, f16vec3 P, const ivec3 offset, out f16vec4 texel, float16_t bias);
int sparseTextureOffsetARB(f16sampler2DArray sampler, vec3 P, const ivec2 offset, out f16vec4 texel, float bias);
int sparseTextureOffsetARB(f16sampler2DArray sampler, f16vec3 P, const ivec2 offset, out f16vec4 texel, float16_t bias);
int sparseTextureOffsetARB(f16sampler2DShadow sampler, vec3 P, const ivec2 offset, out float16_t texel, float bias);
int sparseTextureOffsetARB(f16sampler2DShadow sampler, f16vec2 P, float compare, const ivec2 offset, out float16_t texel, float16_t bias);

// ---- sparseTextureOffsetClampARB
@ ext GL_ARB_sparse_texture_clamp stage frag
int sparseTextureOffsetClampARB(f16sampler2D sampler, vec2 P, const ivec2 offset, float lodClamp, out f16vec4 texel);
int sparseTextureOffsetClampARB(f16sampler2D sampler, f16vec2 P, const ivec2 offset, float16_t lodClamp, out f16vec4 texel);
int sparseTextureOffsetClampARB(f16sampler2D sampler, vec2 P, const ivec2 offset, float lodClamp, out f16vec4 texel, float bias);
int sparseTextureOffsetClampARB(f16sampler2D sampler, f16vec2 P, const ivec2 offset, float16_t lodClamp, out f16vec4 texel, float16_t bias);
int sparseTextureOffsetClampARB(f16sampler3D sampler, vec3 P, const ivec3 offset, float lodClamp, out f16vec4 texel);
int sparseTextureOffsetClampARB(f16sampler3D sampler, f16vec3 P, const ivec3 offset, float16_t lodClamp, out f16vec4 texel);
int sparseTextureOffsetClampARB(f16sampler3D sampler, vec3 P, const ivec3 offset, float lodClamp, out f16vec4 texel, float bias);
int sparseTextureOffsetClampARB(f16sampler3D sampler, f16vec3 P, const ivec3 offset, float16_t lodClamp, out f16vec4 texel, float16_t bias);
int sparseTextureOffsetClampARB(f16sampler2DRect sampler, vec2 P, const ivec2 offset, float lodClamp, out f16vec4 texel);
int sparseTextureOffsetClampARB(f16sampler2DRect sampler, f16vec2 P, const ivec2 offset, float16_t lodClamp, out f16vec4 texel);
int sparseTextureOffsetClampARB(f16sampler2DArray sampler, vec3 P, const ivec2 offset, float lodClamp, out f16vec4 texel);
int sparseTextureOffsetClampARB(f16sampler2DArray sampler, f16vec3 P, const ivec2 offset, float16_t lodClamp, out f16vec4 texel);
int sparseTextureOffsetClampARB(f16sampler2DArray sampler, vec3 P, const ivec2 offset, float lodClamp, out f16vec4 texel, float bias);
int sparseTextureOffsetClampARB(f16sampler2DArray sampler, f16vec3 P, const ivec2 offset, float16_t lodClamp, out f16vec4 texel, float16_t bias);
int sparseTextureOffsetClampARB(f16sampler2DShadow sampler, vec3 P, const ivec2 offset, float lodClamp, out float16_t texel);
int sparseTextureOffsetClampARB(f16sampler2DShadow sampler, f16vec2 P, float compare, const ivec2 offset, float16_t lodClamp, out float16_t texel);
int sparseTextureOffsetClampARB(f16sampler2DShadow sampler, vec3 P, const ivec2 offset, float lodClamp, out float16_t texel, float bias);
int sparseTextureOffsetClampARB(f16sampler2DShadow sampler, f16vec2 P, float compare, const ivec2 offset, float16_t lodClamp, out float16_t texel, float16_t bias);
int sparseTextureOffsetClampARB(f16sampler2DRectShadow sampler, vec3 P, const ivec2 offset, float lodClamp, out float16_t texel);
int sparseTextureOffsetClampARB(f16sampler2DRectShadow sampler, f16vec2 P, float compare, const ivec2 offset, float16_t lodClamp, out float16_t texel);
int sparseTextureOffsetClampARB(f16sampler2DArrayShadow sampler, vec4 P, const ivec2 offset, float lodClamp, out float16_t texel);
int sparseTextureOffsetClampARB(f16sampler2DArrayShadow sampler, f16vec3 P, float compare, const ivec2 offset, float16_t lodClamp, out float16_t texel);
@ ext GL_NV_compute_shader_derivatives|GL_KHR_compute_shader_derivatives stage comp
int sparseTextureOffsetClampARB(f16sampler2D sampler, vec2 P, const ivec2 offset, float lodClamp, out f16vec4 texel);
int sparseTextureOffsetClampARB(f16sampler2D sampler, f16vec2 P, const ivec2 offset, float16_t lodClamp, out f16vec4 texel);
int sparseTextureOffsetClampARB(f16sampler2D sampler, vec2 P, const ivec2 offset, float lodClamp, out f16vec4 texel, float bias);
int sparseTextureOffsetClampARB(f16sampler2D sampler, f16vec2 P, const ivec2 offset, float16_t lodClamp, out f16vec4 texel, float16_t bias);
int sparseTextureOffsetClampARB(f16sampler3D sampler, vec3 P, const ivec3 offset, float lodClamp, out f16vec4 texel);
int sparseTextureOffsetClampARB(f16sampler3D sampler, f16vec3 P, const ivec3 offset, float16_t lodClamp, out f16vec4 texel);
int sparseTextureOffsetClampARB(f16sampler3D sampler, vec3 P, const ivec3 offset, float lodClamp, out f16vec4 texel, float bias);
int sparseTextureOffsetClampARB(f16sampler3D sampler, f16vec3 P, const ivec3 offset, float16_t lodClamp, out f16vec4 texel, float16_t bias);
int sparseTextureOffsetClampARB(f16sampler2DRect sampler, vec2 P, const ivec2 offset, float lodClamp, out f16vec4 texel);
int sparseTextureOffsetClampARB(f16sampler2DRect sampler, f16vec2 P, const ivec2 offset, float16_t lodClamp, out f16vec4 texel);
int sparseTextureOffsetClampARB(f16sampler2DArray sampler, vec3 P, const ivec2 offset, float lodClamp, out f16vec4 texel);
int sparseTextureOffsetClampARB(f16sampler2DArray sampler, f16vec3 P, const ivec2 offset, float16_t lodClamp, out f16vec4 texel);
int sparseTextureOffsetClampARB(f16sampler2DArray sampler, vec3 P, const ivec2 offset, float lodClamp, out f16vec4 texel, float bias);
int sparseTextureOffsetClampARB(f16sampler2DArray sampler, f16vec3 P, const ivec2 offset, float16_t lodClamp, out f16vec4 texel, float16_t bias);
int sparseTextureOffsetClampARB(f16sampler2DShadow sampler, vec3 P, const ivec2 offset, float lodClamp, out float16_t texel);
int sparseTextureOffsetClampARB(f16sampler2DShadow sampler, f16vec2 P, float compare, const ivec2 offset, float16_t lodClamp, out float16_t texel);
int sparseTextureOffsetClampARB(f16sampler2DShadow sampler, vec3 P, const ivec2 offset, float lodClamp, out float16_t texel, float bias);
int sparseTextureOffsetClampARB(f16sampler2DShadow sampler, f16vec2 P, float compare, const ivec2 offset, float16_t lodClamp, out float16_t texel, float16_t bias);
int sparseTextureOffsetClampARB(f16sampler2DRectShadow sampler, vec3 P, const ivec2 offset, float lodClamp, out float16_t texel);
int sparseTextureOffsetClampARB(f16sampler2DRectShadow sampler, f16vec2 P, float compare, const ivec2 offset, float16_t lodClamp, out float16_t texel);
int sparseTextureOffsetClampARB(f16sampler2DArrayShadow sampler, vec4 P, const ivec2 offset, float lodClamp, out float16_t texel);
int sparseTextureOffsetClampARB(f16sampler2DArrayShadow sampler, f16vec3 P, float compare, const ivec2 offset, float16_t lodClamp, out float16_t texel);

// ---- sparseTextureGradOffsetARB
@ ext GL_ARB_sparse_texture2
int sparseTextureGradOffsetARB(f16sampler2D sampler, vec2 P, vec2 dPdx, vec2 dPdy, const ivec2 offset, out f16vec4 texel);
int sparseTextureGradOffsetARB(f16sampler2D sampler, f16vec2 P, f16vec2 dPdx, f16vec2 dPdy, const ivec2 offset, out f16vec4 texel);
int sparseTextureGradOffsetARB(f16sampler3D sampler, vec3 P, vec3 dPdx, vec3 dPdy, const ivec3 offset, out f16vec4 texel);
int sparseTextureGradOffsetARB(f16sampler3D sampler, f16vec3 P, f16vec3 dPdx, f16vec3 dPdy, const ivec3 offset, out f16vec4 texel);
int sparseTextureGradOffsetARB(f16sampler2DRect sampler, vec2 P, vec2 dPdx, vec2 dPdy, const ivec2 offset, out f16vec4 texel);
int sparseTextureGradOffsetARB(f16sampler2DRect sampler, f16vec2 P, f16vec2 dPdx, f16vec2 dPdy, const ivec2 offset, out f16vec4 texel);
int sparseTextureGradOffsetARB(f16sampler2DArray sampler, vec3 P, vec2 dPdx, vec2 dPdy, const ivec2 offset, out f16vec4 texel);
int sparseTextureGradOffsetARB(f16sampler2DArray sampler, f16vec3 P, f16vec2 dPdx, f16vec2 dPdy, const ivec2 offset, out f16vec4 texel);
int sparseTextureGradOffsetARB(f16sampler2DShadow sampler, vec3 P, vec2 dPdx, vec2 dPdy, const ivec2 offset, out float16_t texel);
int sparseTextureGradOffsetARB(f16sampler2DShadow sampler, f16vec2 P, float compare, f16vec2 dPdx, f16vec2 dPdy, const ivec2 offset, out float16_t texel);
int sparseTextureGradOffsetARB(f16sampler2DRectShadow sampler, vec3 P, vec2 dPdx, vec2 dPdy, const ivec2 offset, out float16_t texel);
int sparseTextureGradOffsetARB(f16sampler2DRectShadow sampler, f16vec2 P, float compare, f16vec2 dPdx, f16vec2 dPdy, const ivec2 offset, out float16_t texel);
int sparseTextureGradOffsetARB(f16sampler2DArrayShadow sampler, vec4 P, vec2 dPdx, vec2 dPdy, const ivec2 offset, out float16_t texel);
int sparseTextureGradOffsetARB(f16sampler2DArrayShadow sampler, f16vec3 P, float compare, f16vec2 dPdx, f16vec2 dPdy, const ivec2 offset, out float16_t texel);

// ---- sparseTextureGradOffsetClampARB
@ ext GL_ARB_sparse_texture_clamp
int sparseTextureGradOffsetClampARB(f16sampler2D sampler, vec2 P, vec2 dPdx, vec2 dPdy, const ivec2 offset, float lodClamp, out f16vec4 texel);
int sparseTextureGradOffsetClampARB(f16sampler2D sampler, f16vec2 P, f16vec2 dPdx, f16vec2 dPdy, const ivec2 offset, float16_t lodClamp, out f16vec4 texel);
int sparseTextureGradOffsetClampARB(f16sampler3D sampler, vec3 P, vec3 dPdx, vec3 dPdy, const ivec3 offset, float lodClamp, out f16vec4 texel);
int sparseTextureGradOffsetClampARB(f16sampler3D sampler, f16vec3 P, f16vec3 dPdx, f16vec3 dPdy, const ivec3 offset, float16_t lodClamp, out f16vec4 texel);
int sparseTextureGradOffsetClampARB(f16sampler2DRect sampler, vec2 P, vec2 dPdx, vec2 dPdy, const ivec2 offset, float lodClamp, out f16vec4 texel);
int sparseTextureGradOffsetClampARB(f16sampler2DRect sampler, f16vec2 P, f16vec2 dPdx, f16vec2 dPdy, const ivec2 offset, float16_t lodClamp, out f16vec4 texel);
int sparseTextureGradOffsetClampARB(f16sampler2DArray sampler, vec3 P, vec2 dPdx, vec2 dPdy, const ivec2 offset, float lodClamp, out f16vec4 texel);
int sparseTextureGradOffsetClampARB(f16sampler2DArray sampler, f16vec3 P, f16vec2 dPdx, f16vec2 dPdy, const ivec2 offset, float16_t lodClamp, out f16vec4 texel);
int sparseTextureGradOffsetClampARB(f16sampler2DShadow sampler, vec3 P, vec2 dPdx, vec2 dPdy, const ivec2 offset, float lodClamp, out float16_t texel);
int sparseTextureGradOffsetClampARB(f16sampler2DShadow sampler, f16vec2 P, float compare, f16vec2 dPdx, f16vec2 dPdy, const ivec2 offset, float16_t lodClamp, out float16_t texel);
int sparseTextureGradOffsetClampARB(f16sampler2DRectShadow sampler, vec3 P, vec2 dPdx, vec2 dPdy, const ivec2 offset, float lodClamp, out float16_t texel);
int sparseTextureGradOffsetClampARB(f16sampler2DRectShadow sampler, f16vec2 P, float compare, f16vec2 dPdx, f16vec2 dPdy, const ivec2 offset, float16_t lodClamp, out float16_t texel);
int sparseTextureGradOffsetClampARB(f16sampler2DArrayShadow sampler, vec4 P, vec2 dPdx, vec2 dPdy, const ivec2 offset, float lodClamp, out float16_t texel);
int sparseTextureGradOffsetClampARB(f16sampler2DArrayShadow sampler, f16vec3 P, float compare, f16vec2 dPdx, f16vec2 dPdy, const ivec2 offset, float16_t lodClamp, out float16_t texel);

// ---- sparseTexelFetchOffsetARB
@ ext GL_ARB_sparse_texture2
int sparseTexelFetchOffsetARB(f16sampler2D sampler, ivec2 P, int lod, const ivec2 offset, out f16vec4 texel);
int sparseTexelFetchOffsetARB(f16sampler3D sampler, ivec3 P, int lod, const ivec3 offset, out f16vec4 texel);
int sparseTexelFetchOffsetARB(f16sampler2DRect sampler, ivec2 P, const ivec2 offset, out f16vec4 texel);
int sparseTexelFetchOffsetARB(f16sampler2DArray sampler, ivec3 P, int lod, const ivec2 offset, out f16vec4 texel);

// ---- sparseTextureLodARB
@ ext GL_ARB_sparse_texture2
int sparseTextureLodARB(f16sampler2D sampler, vec2 P, float lod, out f16vec4 texel);
int sparseTextureLodARB(f16sampler2D sampler, f16vec2 P, float16_t lod, out f16vec4 texel);
int sparseTextureLodARB(f16sampler3D sampler, vec3 P, float lod, out f16vec4 texel);
int sparseTextureLodARB(f16sampler3D sampler, f16vec3 P, float16_t lod, out f16vec4 texel);
int sparseTextureLodARB(f16samplerCube sampler, vec3 P, float lod, out f16vec4 texel);
int sparseTextureLodARB(f16samplerCube sampler, f16vec3 P, float16_t lod, out f16vec4 texel);
int sparseTextureLodARB(f16sampler2DArray sampler, vec3 P, float lod, out f16vec4 texel);
int sparseTextureLodARB(f16sampler2DArray sampler, f16vec3 P, float16_t lod, out f16vec4 texel);
int sparseTextureLodARB(f16samplerCubeArray sampler, vec4 P, float lod, out f16vec4 texel);
int sparseTextureLodARB(f16samplerCubeArray sampler, f16vec4 P, float16_t lod, out f16vec4 texel);
int sparseTextureLodARB(f16sampler2DShadow sampler, vec3 P, float lod, out float16_t texel);
int sparseTextureLodARB(f16sampler2DShadow sampler, f16vec2 P, float compare, float16_t lod, out float16_t texel);

// ---- sparseTextureLodOffsetARB
@ ext GL_ARB_sparse_texture2
int sparseTextureLodOffsetARB(f16sampler2D sampler, vec2 P, float lod, const ivec2 offset, out f16vec4 texel);
int sparseTextureLodOffsetARB(f16sampler2D sampler, f16vec2 P, float16_t lod, const ivec2 offset, out f16vec4 texel);
int sparseTextureLodOffsetARB(f16sampler3D sampler, vec3 P, float lod, const ivec3 offset, out f16vec4 texel);
int sparseTextureLodOffsetARB(f16sampler3D sampler, f16vec3 P, float16_t lod, const ivec3 offset, out f16vec4 texel);
int sparseTextureLodOffsetARB(f16sampler2DArray sampler, vec3 P, float lod, const ivec2 offset, out f16vec4 texel);
int sparseTextureLodOffsetARB(f16sampler2DArray sampler, f16vec3 P, float16_t lod, const ivec2 offset, out f16vec4 texel);
int sparseTextureLodOffsetARB(f16sampler2DShadow sampler, vec3 P, float lod, const ivec2 offset, out float16_t texel);
int sparseTextureLodOffsetARB(f16sampler2DShadow sampler, f16vec2 P, float compare, float16_t lod, const ivec2 offset, out float16_t texel);

// ---- textureGather
@ gl 450
f16vec4 textureGather(f16sampler2D sampler, vec2 P);
f16vec4 textureGather(f16sampler2D sampler, vec2 P, const int comp);
f16vec4 textureGather(f16sampler2D sampler, f16vec2 P);
f16vec4 textureGather(f16sampler2D sampler, f16vec2 P, const int comp);
f16vec4 textureGather(f16samplerCube sampler, vec3 P);
f16vec4 textureGather(f16samplerCube sampler, vec3 P, const int comp);
f16vec4 textureGather(f16samplerCube sampler, f16vec3 P);
f16vec4 textureGather(f16samplerCube sampler, f16vec3 P, const int comp);
f16vec4 textureGather(f16sampler2DRect sampler, vec2 P);
f16vec4 textureGather(f16sampler2DRect sampler, vec2 P, const int comp);
f16vec4 textureGather(f16sampler2DRect sampler, f16vec2 P);
f16vec4 textureGather(f16sampler2DRect sampler, f16vec2 P, const int comp);
f16vec4 textureGather(f16sampler2DArray sampler, vec3 P);
f16vec4 textureGather(f16sampler2DArray sampler, vec3 P, const int comp);
f16vec4 textureGather(f16sampler2DArray sampler, f16vec3 P);
f16vec4 textureGather(f16sampler2DArray sampler, f16vec3 P, const int comp);
f16vec4 textureGather(f16samplerCubeArray sampler, vec4 P);
f16vec4 textureGather(f16samplerCubeArray sampler, vec4 P, const int comp);
f16vec4 textureGather(f16samplerCubeArray sampler, f16vec4 P);
f16vec4 textureGather(f16samplerCubeArray sampler, f16vec4 P, const int comp);
f16vec4 textureGather(f16sampler2DShadow sampler, vec2 P, float refZ);
f16vec4 textureGather(f16sampler2DShadow sampler, f16vec2 P, float refZ);
f16vec4 textureGather(f16samplerCubeShadow sampler, vec3 P, float refZ);
f16vec4 textureGather(f16samplerCubeShadow sampler, f16vec3 P, float refZ);
f16vec4 textureGather(f16sampler2DRectShadow sampler, vec2 P, float refZ);
f16vec4 textureGather(f16sampler2DRectShadow sampler, f16vec2 P, float refZ);
f16vec4 textureGather(f16sampler2DArrayShadow sampler, vec3 P, float refZ);
f16vec4 textureGather(f16sampler2DArrayShadow sampler, f16vec3 P, float refZ);
f16vec4 textureGather(f16samplerCubeArrayShadow sampler, vec4 P, float refZ);
f16vec4 textureGather(f16samplerCubeArrayShadow sampler, f16vec4 P, float refZ);
@ ext GL_AMD_texture_gather_bias_lod stage frag
f16vec4 textureGather(f16sampler2D sampler, vec2 P, const int comp, float bias);
f16vec4 textureGather(f16sampler2D sampler, f16vec2 P, const int comp, float16_t bias);
f16vec4 textureGather(f16samplerCube sampler, vec3 P, const int comp, float bias);
f16vec4 textureGather(f16samplerCube sampler, f16vec3 P, const int comp, float16_t bias);
f16vec4 textureGather(f16sampler2DArray sampler, vec3 P, const int comp, float bias);
f16vec4 textureGather(f16sampler2DArray sampler, f16vec3 P, const int comp, float16_t bias);
f16vec4 textureGather(f16samplerCubeArray sampler, vec4 P, const int comp, float bias);
f16vec4 textureGather(f16samplerCubeArray sampler, f16vec4 P, const int comp, float16_t bias);

// ---- sparseTextureGatherARB
@ ext GL_ARB_sparse_texture2
int sparseTextureGatherARB(f16sampler2D sampler, vec2 P, out f16vec4 texel);
int sparseTextureGatherARB(f16sampler2D sampler, vec2 P, out f16vec4 texel, const int comp);
int sparseTextureGatherARB(f16sampler2D sampler, f16vec2 P, out f16vec4 texel);
int sparseTextureGatherARB(f16sampler2D sampler, f16vec2 P, out f16vec4 texel, const int comp);
int sparseTextureGatherARB(f16samplerCube sampler, vec3 P, out f16vec4 texel);
int sparseTextureGatherARB(f16samplerCube sampler, vec3 P, out f16vec4 texel, const int comp);
int sparseTextureGatherARB(f16samplerCube sampler, f16vec3 P, out f16vec4 texel);
int sparseTextureGatherARB(f16samplerCube sampler, f16vec3 P, out f16vec4 texel, const int comp);
int sparseTextureGatherARB(f16sampler2DRect sampler, vec2 P, out f16vec4 texel);
int sparseTextureGatherARB(f16sampler2DRect sampler, vec2 P, out f16vec4 texel, const int comp);
int sparseTextureGatherARB(f16sampler2DRect sampler, f16vec2 P, out f16vec4 texel);
int sparseTextureGatherARB(f16sampler2DRect sampler, f16vec2 P, out f16vec4 texel, const int comp);
int sparseTextureGatherARB(f16sampler2DArray sampler, vec3 P, out f16vec4 texel);
int sparseTextureGatherARB(f16sampler2DArray sampler, vec3 P, out f16vec4 texel, const int comp);
int sparseTextureGatherARB(f16sampler2DArray sampler, f16vec3 P, out f16vec4 texel);
int sparseTextureGatherARB(f16sampler2DArray sampler, f16vec3 P, out f16vec4 texel, const int comp);
int sparseTextureGatherARB(f16samplerCubeArray sampler, vec4 P, out f16vec4 texel);
int sparseTextureGatherARB(f16samplerCubeArray sampler, vec4 P, out f16vec4 texel, const int comp);
int sparseTextureGatherARB(f16samplerCubeArray sampler, f16vec4 P, out f16vec4 texel);
int sparseTextureGatherARB(f16samplerCubeArray sampler, f16vec4 P, out f16vec4 texel, const int comp);
int sparseTextureGatherARB(f16sampler2DShadow sampler, vec2 P, float refZ, out f16vec4 texel);
int sparseTextureGatherARB(f16sampler2DShadow sampler, f16vec2 P, float refZ, out f16vec4 texel);
int sparseTextureGatherARB(f16samplerCubeShadow sampler, vec3 P, float refZ, out f16vec4 texel);
int sparseTextureGatherARB(f16samplerCubeShadow sampler, f16vec3 P, float refZ, out f16vec4 texel);
int sparseTextureGatherARB(f16sampler2DRectShadow sampler, vec2 P, float refZ, out f16vec4 texel);
int sparseTextureGatherARB(f16sampler2DRectShadow sampler, f16vec2 P, float refZ, out f16vec4 texel);
int sparseTextureGatherARB(f16sampler2DArrayShadow sampler, vec3 P, float refZ, out f16vec4 texel);
int sparseTextureGatherARB(f16sampler2DArrayShadow sampler, f16vec3 P, float refZ, out f16vec4 texel);
int sparseTextureGatherARB(f16samplerCubeArrayShadow sampler, vec4 P, float refZ, out f16vec4 texel);
int sparseTextureGatherARB(f16samplerCubeArrayShadow sampler, f16vec4 P, float refZ, out f16vec4 texel);
@ ext GL_AMD_texture_gather_bias_lod stage frag
int sparseTextureGatherARB(f16sampler2D sampler, vec2 P, out f16vec4 texel, const int comp, float bias);
int sparseTextureGatherARB(f16sampler2D sampler, f16vec2 P, out f16vec4 texel, const int comp, float16_t bias);
int sparseTextureGatherARB(f16samplerCube sampler, vec3 P, out f16vec4 texel, const int comp, float bias);
int sparseTextureGatherARB(f16samplerCube sampler, f16vec3 P, out f16vec4 texel, const int comp, float16_t bias);
int sparseTextureGatherARB(f16sampler2DArray sampler, vec3 P, out f16vec4 texel, const int comp, float bias);
int sparseTextureGatherARB(f16sampler2DArray sampler, f16vec3 P, out f16vec4 texel, const int comp, float16_t bias);
int sparseTextureGatherARB(f16samplerCubeArray sampler, vec4 P, out f16vec4 texel, const int comp, float bias);
int sparseTextureGatherARB(f16samplerCubeArray sampler, f16vec4 P, out f16vec4 texel, const int comp, float16_t bias);

// ---- textureGatherOffset
@ gl 450
f16vec4 textureGatherOffset(f16sampler2D sampler, vec2 P, ivec2 offset);
f16vec4 textureGatherOffset(f16sampler2D sampler, vec2 P, ivec2 offset, const int comp);
f16vec4 textureGatherOffset(f16sampler2D sampler, f16vec2 P, ivec2 offset);
f16vec4 textureGatherOffset(f16sampler2D sampler, f16vec2 P, ivec2 offset, const int comp);
f16vec4 textureGatherOffset(f16sampler2DRect sampler, vec2 P, ivec2 offset);
f16vec4 textureGatherOffset(f16sampler2DRect sampler, vec2 P, ivec2 offset, const int comp);
f16vec4 textureGatherOffset(f16sampler2DRect sampler, f16vec2 P, ivec2 offset);
f16vec4 textureGatherOffset(f16sampler2DRect sampler, f16vec2 P, ivec2 offset, const int comp);
f16vec4 textureGatherOffset(f16sampler2DArray sampler, vec3 P, ivec2 offset);
f16vec4 textureGatherOffset(f16sampler2DArray sampler, vec3 P, ivec2 offset, const int comp);
f16vec4 textureGatherOffset(f16sampler2DArray sampler, f16vec3 P, ivec2 offset);
f16vec4 textureGatherOffset(f16sampler2DArray sampler, f16vec3 P, ivec2 offset, const int comp);
f16vec4 textureGatherOffset(f16sampler2DShadow sampler, vec2 P, float refZ, ivec2 offset);
f16vec4 textureGatherOffset(f16sampler2DShadow sampler, f16vec2 P, float refZ, ivec2 offset);
f16vec4 textureGatherOffset(f16sampler2DRectShadow sampler, vec2 P, float refZ, ivec2 offset);
f16vec4 textureGatherOffset(f16sampler2DRectShadow sampler, f16vec2 P, float refZ, ivec2 offset);
f16vec4 textureGatherOffset(f16sampler2DArrayShadow sampler, vec3 P, float refZ, ivec2 offset);
f16vec4 textureGatherOffset(f16sampler2DArrayShadow sampler, f16vec3 P, float refZ, ivec2 offset);
@ ext GL_AMD_texture_gather_bias_lod stage frag
f16vec4 textureGatherOffset(f16sampler2D sampler, vec2 P, ivec2 offset, const int comp, float bias);
f16vec4 textureGatherOffset(f16sampler2D sampler, f16vec2 P, ivec2 offset, const int comp, float16_t bias);
f16vec4 textureGatherOffset(f16sampler2DArray sampler, vec3 P, ivec2 offset, const int comp, float bias);
f16vec4 textureGatherOffset(f16sampler2DArray sampler, f16vec3 P, ivec2 offset, const int comp, float16_t bias);

// ---- sparseTextureGatherOffsetARB
@ ext GL_ARB_sparse_texture2
int sparseTextureGatherOffsetARB(f16sampler2D sampler, vec2 P, ivec2 offset, out f16vec4 texel);
int sparseTextureGatherOffsetARB(f16sampler2D sampler, vec2 P, ivec2 offset, out f16vec4 texel, const int comp);
int sparseTextureGatherOffsetARB(f16sampler2D sampler, f16vec2 P, ivec2 offset, out f16vec4 texel);
int sparseTextureGatherOffsetARB(f16sampler2D sampler, f16vec2 P, ivec2 offset, out f16vec4 texel, const int comp);
int sparseTextureGatherOffsetARB(f16sampler2DRect sampler, vec2 P, ivec2 offset, out f16vec4 texel);
int sparseTextureGatherOffsetARB(f16sampler2DRect sampler, vec2 P, ivec2 offset, out f16vec4 texel, const int comp);
int sparseTextureGatherOffsetARB(f16sampler2DRect sampler, f16vec2 P, ivec2 offset, out f16vec4 texel);
int sparseTextureGatherOffsetARB(f16sampler2DRect sampler, f16vec2 P, ivec2 offset, out f16vec4 texel, const int comp);
int sparseTextureGatherOffsetARB(f16sampler2DArray sampler, vec3 P, ivec2 offset, out f16vec4 texel);
int sparseTextureGatherOffsetARB(f16sampler2DArray sampler, vec3 P, ivec2 offset, out f16vec4 texel, const int comp);
int sparseTextureGatherOffsetARB(f16sampler2DArray sampler, f16vec3 P, ivec2 offset, out f16vec4 texel);
int sparseTextureGatherOffsetARB(f16sampler2DArray sampler, f16vec3 P, ivec2 offset, out f16vec4 texel, const int comp);
int sparseTextureGatherOffsetARB(f16sampler2DShadow sampler, vec2 P, float refZ, ivec2 offset, out f16vec4 texel);
int sparseTextureGatherOffsetARB(f16sampler2DShadow sampler, f16vec2 P, float refZ, ivec2 offset, out f16vec4 texel);
int sparseTextureGatherOffsetARB(f16sampler2DRectShadow sampler, vec2 P, float refZ, ivec2 offset, out f16vec4 texel);
int sparseTextureGatherOffsetARB(f16sampler2DRectShadow sampler, f16vec2 P, float refZ, ivec2 offset, out f16vec4 texel);
int sparseTextureGatherOffsetARB(f16sampler2DArrayShadow sampler, vec3 P, float refZ, ivec2 offset, out f16vec4 texel);
int sparseTextureGatherOffsetARB(f16sampler2DArrayShadow sampler, f16vec3 P, float refZ, ivec2 offset, out f16vec4 texel);
@ ext GL_AMD_texture_gather_bias_lod stage frag
int sparseTextureGatherOffsetARB(f16sampler2D sampler, vec2 P, ivec2 offset, out f16vec4 texel, const int comp, float bias);
int sparseTextureGatherOffsetARB(f16sampler2D sampler, f16vec2 P, ivec2 offset, out f16vec4 texel, const int comp, float16_t bias);
int sparseTextureGatherOffsetARB(f16sampler2DArray sampler, vec3 P, ivec2 offset, out f16vec4 texel, const int comp, float bias);
int sparseTextureGatherOffsetARB(f16sampler2DArray sampler, f16vec3 P, ivec2 offset, out f16vec4 texel, const int comp, float16_t bias);

// ---- textureGatherLodAMD
@ ext GL_AMD_texture_gather_bias_lod
f16vec4 textureGatherLodAMD(f16sampler2D sampler, vec2 P, float lod);
f16vec4 textureGatherLodAMD(f16sampler2D sampler, vec2 P, float lod, const int comp);
f16vec4 textureGatherLodAMD(f16sampler2D sampler, f16vec2 P, float16_t lod);
f16vec4 textureGatherLodAMD(f16sampler2D sampler, f16vec2 P, float16_t lod, const int comp);
f16vec4 textureGatherLodAMD(f16samplerCube sampler, vec3 P, float lod);
f16vec4 textureGatherLodAMD(f16samplerCube sampler, vec3 P, float lod, const int comp);
f16vec4 textureGatherLodAMD(f16samplerCube sampler, f16vec3 P, float16_t lod);
f16vec4 textureGatherLodAMD(f16samplerCube sampler, f16vec3 P, float16_t lod, const int comp);
f16vec4 textureGatherLodAMD(f16sampler2DArray sampler, vec3 P, float lod);
f16vec4 textureGatherLodAMD(f16sampler2DArray sampler, vec3 P, float lod, const int comp);
f16vec4 textureGatherLodAMD(f16sampler2DArray sampler, f16vec3 P, float16_t lod);
f16vec4 textureGatherLodAMD(f16sampler2DArray sampler, f16vec3 P, float16_t lod, const int comp);
f16vec4 textureGatherLodAMD(f16samplerCubeArray sampler, vec4 P, float lod);
f16vec4 textureGatherLodAMD(f16samplerCubeArray sampler, vec4 P, float lod, const int comp);
f16vec4 textureGatherLodAMD(f16samplerCubeArray sampler, f16vec4 P, float16_t lod);
f16vec4 textureGatherLodAMD(f16samplerCubeArray sampler, f16vec4 P, float16_t lod, const int comp);

// ---- sparseTextureGatherLodAMD
@ ext GL_AMD_texture_gather_bias_lod
int sparseTextureGatherLodAMD(f16sampler2D sampler, vec2 P, float lod, out f16vec4 texel);
int sparseTextureGatherLodAMD(f16sampler2D sampler, vec2 P, float lod, out f16vec4 texel, const int comp);
int sparseTextureGatherLodAMD(f16sampler2D sampler, f16vec2 P, float16_t lod, out f16vec4 texel);
int sparseTextureGatherLodAMD(f16sampler2D sampler, f16vec2 P, float16_t lod, out f16vec4 texel, const int comp);
int sparseTextureGatherLodAMD(f16samplerCube sampler, vec3 P, float lod, out f16vec4 texel);
int sparseTextureGatherLodAMD(f16samplerCube sampler, vec3 P, float lod, out f16vec4 texel, const int comp);
int sparseTextureGatherLodAMD(f16samplerCube sampler, f16vec3 P, float16_t lod, out f16vec4 texel);
int sparseTextureGatherLodAMD(f16samplerCube sampler, f16vec3 P, float16_t lod, out f16vec4 texel, const int comp);
int sparseTextureGatherLodAMD(f16sampler2DArray sampler, vec3 P, float lod, out f16vec4 texel);
int sparseTextureGatherLodAMD(f16sampler2DArray sampler, vec3 P, float lod, out f16vec4 texel, const int comp);
int sparseTextureGatherLodAMD(f16sampler2DArray sampler, f16vec3 P, float16_t lod, out f16vec4 texel);
int sparseTextureGatherLodAMD(f16sampler2DArray sampler, f16vec3 P, float16_t lod, out f16vec4 texel, const int comp);
int sparseTextureGatherLodAMD(f16samplerCubeArray sampler, vec4 P, float lod, out f16vec4 texel);
int sparseTextureGatherLodAMD(f16samplerCubeArray sampler, vec4 P, float lod, out f16vec4 texel, const int comp);
int sparseTextureGatherLodAMD(f16samplerCubeArray sampler, f16vec4 P, float16_t lod, out f16vec4 texel);
int sparseTextureGatherLodAMD(f16samplerCubeArray sampler, f16vec4 P, float16_t lod, out f16vec4 texel, const int comp);

// ---- textureGatherLodOffsetAMD
@ ext GL_AMD_texture_gather_bias_lod
f16vec4 textureGatherLodOffsetAMD(f16sampler2D sampler, vec2 P, float lod, ivec2 offset);
f16vec4 textureGatherLodOffsetAMD(f16sampler2D sampler, vec2 P, float lod, ivec2 offset, const int comp);
f16vec4 textureGatherLodOffsetAMD(f16sampler2D sampler, f16vec2 P, float16_t lod, ivec2 offset);
f16vec4 textureGatherLodOffsetAMD(f16sampler2D sampler, f16vec2 P, float16_t lod, ivec2 offset, const int comp);
f16vec4 textureGatherLodOffsetAMD(f16sampler2DArray sampler, vec3 P, float lod, ivec2 offset);
f16vec4 textureGatherLodOffsetAMD(f16sampler2DArray sampler, vec3 P, float lod, ivec2 offset, const int comp);
f16vec4 textureGatherLodOffsetAMD(f16sampler2DArray sampler, f16vec3 P, float16_t lod, ivec2 offset);
f16vec4 textureGatherLodOffsetAMD(f16sampler2DArray sampler, f16vec3 P, float16_t lod, ivec2 offset, const int comp);

// ---- sparseTextureGatherLodOffsetAMD
@ ext GL_AMD_texture_gather_bias_lod
int sparseTextureGatherLodOffsetAMD(f16sampler2D sampler, vec2 P, float lod, ivec2 offset, out f16vec4 texel);
int sparseTextureGatherLodOffsetAMD(f16sampler2D sampler, vec2 P, float lod, ivec2 offset, out f16vec4 texel, const int comp);
int sparseTextureGatherLodOffsetAMD(f16sampler2D sampler, f16vec2 P, float16_t lod, ivec2 offset, out f16vec4 texel);
int sparseTextureGatherLodOffsetAMD(f16sampler2D sampler, f16vec2 P, float16_t lod, ivec2 offset, out f16vec4 texel, const int comp);
int sparseTextureGatherLodOffsetAMD(f16sampler2DArray sampler, vec3 P, float lod, ivec2 offset, out f16vec4 texel);
int sparseTextureGatherLodOffsetAMD(f16sampler2DArray sampler, vec3 P, float lod, ivec2 offset, out f16vec4 texel, const int comp);
int sparseTextureGatherLodOffsetAMD(f16sampler2DArray sampler, f16vec3 P, float16_t lod, ivec2 offset, out f16vec4 texel);
int sparseTextureGatherLodOffsetAMD(f16sampler2DArray sampler, f16vec3 P, float16_t lod, ivec2 offset, out f16vec4 texel, const int comp);

// ==== Vulkan: texture* types without a sampler ==================================================
// texelFetch on texture buffers is in base Vulkan GLSL (GL_KHR_vulkan_glsl); the other
// queries and fetches need GL_EXT_samplerless_texture_functions.

// ---- textureSize
@ ext GL_EXT_samplerless_texture_functions vulkan
highp int textureSize(gtexture1D texture, int lod);
highp ivec2 textureSize(gtexture2D texture, int lod);
highp ivec3 textureSize(gtexture3D texture, int lod);
highp ivec2 textureSize(gtextureCube texture, int lod);
highp ivec2 textureSize(gtexture2DRect texture);
highp int textureSize(gtextureBuffer texture);
highp ivec2 textureSize(gtexture1DArray texture, int lod);
highp ivec3 textureSize(gtexture2DArray texture, int lod);
highp ivec3 textureSize(gtextureCubeArray texture, int lod);
highp ivec2 textureSize(gtexture2DMS texture);
highp ivec3 textureSize(gtexture2DMSArray texture);
highp int textureSize(f16texture1D texture, int lod);
highp ivec2 textureSize(f16texture2D texture, int lod);
highp ivec3 textureSize(f16texture3D texture, int lod);
highp ivec2 textureSize(f16textureCube texture, int lod);
highp ivec2 textureSize(f16texture2DRect texture);
highp int textureSize(f16textureBuffer texture);
highp ivec2 textureSize(f16texture1DArray texture, int lod);
highp ivec3 textureSize(f16texture2DArray texture, int lod);
highp ivec3 textureSize(f16textureCubeArray texture, int lod);
highp ivec2 textureSize(f16texture2DMS texture);
highp ivec3 textureSize(f16texture2DMSArray texture);

// ---- textureQueryLevels
@ ext GL_EXT_samplerless_texture_functions vulkan
int textureQueryLevels(gtexture1D texture);
int textureQueryLevels(gtexture2D texture);
int textureQueryLevels(gtexture3D texture);
int textureQueryLevels(gtextureCube texture);
int textureQueryLevels(gtexture1DArray texture);
int textureQueryLevels(gtexture2DArray texture);
int textureQueryLevels(gtextureCubeArray texture);
int textureQueryLevels(f16texture1D texture);
int textureQueryLevels(f16texture2D texture);
int textureQueryLevels(f16texture3D texture);
int textureQueryLevels(f16textureCube texture);
int textureQueryLevels(f16texture1DArray texture);
int textureQueryLevels(f16texture2DArray texture);
int textureQueryLevels(f16textureCubeArray texture);

// ---- textureSamples
@ ext GL_EXT_samplerless_texture_functions vulkan
int textureSamples(gtexture2DMS texture);
int textureSamples(gtexture2DMSArray texture);
int textureSamples(f16texture2DMS texture);
int textureSamples(f16texture2DMSArray texture);

// ---- texelFetch
@ ext GL_EXT_samplerless_texture_functions vulkan
gvec4 texelFetch(gtexture1D texture, int P, int lod);
gvec4 texelFetch(gtexture2D texture, ivec2 P, int lod);
gvec4 texelFetch(gtexture3D texture, ivec3 P, int lod);
gvec4 texelFetch(gtexture2DRect texture, ivec2 P);
gvec4 texelFetch(gtexture1DArray texture, ivec2 P, int lod);
gvec4 texelFetch(gtexture2DArray texture, ivec3 P, int lod);
gvec4 texelFetch(gtexture2DMS texture, ivec2 P, int sample);
gvec4 texelFetch(gtexture2DMSArray texture, ivec3 P, int sample);
f16vec4 texelFetch(f16texture1D texture, int P, int lod);
f16vec4 texelFetch(f16texture2D texture, ivec2 P, int lod);
f16vec4 texelFetch(f16texture3D texture, ivec3 P, int lod);
f16vec4 texelFetch(f16texture2DRect texture, ivec2 P);
f16vec4 texelFetch(f16texture1DArray texture, ivec2 P, int lod);
f16vec4 texelFetch(f16texture2DArray texture, ivec3 P, int lod);
f16vec4 texelFetch(f16texture2DMS texture, ivec2 P, int sample);
f16vec4 texelFetch(f16texture2DMSArray texture, ivec3 P, int sample);
@ gl 140 es 310 vulkan
gvec4 texelFetch(gtextureBuffer texture, int P);
@ gl 450 vulkan
f16vec4 texelFetch(f16textureBuffer texture, int P);

// ---- texelFetchOffset
@ ext GL_EXT_samplerless_texture_functions vulkan
gvec4 texelFetchOffset(gtexture1D texture, int P, int lod, const int offset);
gvec4 texelFetchOffset(gtexture2D texture, ivec2 P, int lod, const ivec2 offset);
gvec4 texelFetchOffset(gtexture3D texture, ivec3 P, int lod, const ivec3 offset);
gvec4 texelFetchOffset(gtexture2DRect texture, ivec2 P, const ivec2 offset);
gvec4 texelFetchOffset(gtexture1DArray texture, ivec2 P, int lod, const int offset);
gvec4 texelFetchOffset(gtexture2DArray texture, ivec3 P, int lod, const ivec2 offset);
f16vec4 texelFetchOffset(f16texture1D texture, int P, int lod, const int offset);
f16vec4 texelFetchOffset(f16texture2D texture, ivec2 P, int lod, const ivec2 offset);
f16vec4 texelFetchOffset(f16texture3D texture, ivec3 P, int lod, const ivec3 offset);
f16vec4 texelFetchOffset(f16texture2DRect texture, ivec2 P, const ivec2 offset);
f16vec4 texelFetchOffset(f16texture1DArray texture, ivec2 P, int lod, const int offset);
f16vec4 texelFetchOffset(f16texture2DArray texture, ivec3 P, int lod, const ivec2 offset);

// ---- sparseTexelFetchARB
@ ext GL_ARB_sparse_texture2 vulkan
int sparseTexelFetchARB(gtexture2D texture, ivec2 P, int lod, out gvec4 texel);
int sparseTexelFetchARB(gtexture3D texture, ivec3 P, int lod, out gvec4 texel);
int sparseTexelFetchARB(gtexture2DRect texture, ivec2 P, out gvec4 texel);
int sparseTexelFetchARB(gtexture2DArray texture, ivec3 P, int lod, out gvec4 texel);
int sparseTexelFetchARB(gtexture2DMS texture, ivec2 P, int sample, out gvec4 texel);
int sparseTexelFetchARB(gtexture2DMSArray texture, ivec3 P, int sample, out gvec4 texel);
int sparseTexelFetchARB(f16texture2D texture, ivec2 P, int lod, out f16vec4 texel);
int sparseTexelFetchARB(f16texture3D texture, ivec3 P, int lod, out f16vec4 texel);
int sparseTexelFetchARB(f16texture2DRect texture, ivec2 P, out f16vec4 texel);
int sparseTexelFetchARB(f16texture2DArray texture, ivec3 P, int lod, out f16vec4 texel);
int sparseTexelFetchARB(f16texture2DMS texture, ivec2 P, int sample, out f16vec4 texel);
int sparseTexelFetchARB(f16texture2DMSArray texture, ivec3 P, int sample, out f16vec4 texel);

// ---- sparseTexelFetchOffsetARB
@ ext GL_ARB_sparse_texture2 vulkan
int sparseTexelFetchOffsetARB(gtexture2D texture, ivec2 P, int lod, const ivec2 offset, out gvec4 texel);
int sparseTexelFetchOffsetARB(gtexture3D texture, ivec3 P, int lod, const ivec3 offset, out gvec4 texel);
int sparseTexelFetchOffsetARB(gtexture2DRect texture, ivec2 P, const ivec2 offset, out gvec4 texel);
int sparseTexelFetchOffsetARB(gtexture2DArray texture, ivec3 P, int lod, const ivec2 offset, out gvec4 texel);
int sparseTexelFetchOffsetARB(f16texture2D texture, ivec2 P, int lod, const ivec2 offset, out f16vec4 texel);
int sparseTexelFetchOffsetARB(f16texture3D texture, ivec3 P, int lod, const ivec3 offset, out f16vec4 texel);
int sparseTexelFetchOffsetARB(f16texture2DRect texture, ivec2 P, const ivec2 offset, out f16vec4 texel);
int sparseTexelFetchOffsetARB(f16texture2DArray texture, ivec3 P, int lod, const ivec2 offset, out f16vec4 texel);

// ==== Vulkan subpass inputs (GL_KHR_vulkan_glsl), GL_HUAWEI_subpass_shading, GL_EXT_shader_tile_image ====
// subpassLoad is fragment-only, and in compute (subpass shading) shaders with
// GL_HUAWEI_subpass_shading (glslang adds it to the compute stage and requires the extension).
// The attachment reads of GL_EXT_shader_tile_image: Vulkan fragment shaders only.

// ---- subpassLoad
@ gl 130 es 300 stage frag vulkan
gvec4 subpassLoad(gsubpassInput subpass);
gvec4 subpassLoad(gsubpassInputMS subpass, int sample);
@ ext GL_HUAWEI_subpass_shading stage comp vulkan
gvec4 subpassLoad(gsubpassInput subpass);
gvec4 subpassLoad(gsubpassInputMS subpass, int sample);
f16vec4 subpassLoad(f16subpassInput subpass);
f16vec4 subpassLoad(f16subpassInputMS subpass, int sample);
@ gl 450 stage frag vulkan
f16vec4 subpassLoad(f16subpassInput subpass);
f16vec4 subpassLoad(f16subpassInputMS subpass, int sample);

// ---- colorAttachmentReadEXT
@ ext GL_EXT_shader_tile_image stage frag vulkan
gvec4 colorAttachmentReadEXT(gattachmentEXT attachment);
gvec4 colorAttachmentReadEXT(gattachmentEXT attachment, int sample);

// ---- depthAttachmentReadEXT, stencilAttachmentReadEXT
@ ext GL_EXT_shader_tile_image stage frag vulkan
highp float depthAttachmentReadEXT();
highp float depthAttachmentReadEXT(int sample);
lowp uint stencilAttachmentReadEXT();
lowp uint stencilAttachmentReadEXT(int sample);

// ==== Image functions (8.12) ====================================================================
// Loads and stores: GLSL 4.20 / ES 3.10 / GL_ARB_shader_image_load_store; imageSize: GLSL 4.30
// / GL_ARB_shader_image_size; integer atomics: ES 3.20 or GL_OES_shader_image_atomic; float
// imageAtomicExchange: GLSL 4.50 / ES 3.20; the other float atomics by extension. The memory
// qualifiers on the image parameters are the ones glslang declares (an argument may carry
// any of them). The scope/semantics forms are GL_KHR_memory_scope_semantics.

// ---- imageSize
@ gl 430 ext GL_ARB_shader_image_size
highp int imageSize(readonly writeonly volatile coherent gimage1D image);
highp ivec2 imageSize(readonly writeonly volatile coherent gimage2DRect image);
highp ivec2 imageSize(readonly writeonly volatile coherent gimage1DArray image);
highp ivec2 imageSize(readonly writeonly volatile coherent gimage2DMS image);
highp ivec3 imageSize(readonly writeonly volatile coherent gimage2DMSArray image);
@ gl 430 es 310 ext GL_ARB_shader_image_size
highp ivec2 imageSize(readonly writeonly volatile coherent gimage2D image);
highp ivec3 imageSize(readonly writeonly volatile coherent gimage3D image);
highp ivec2 imageSize(readonly writeonly volatile coherent gimageCube image);
highp int imageSize(readonly writeonly volatile coherent gimageBuffer image);
highp ivec3 imageSize(readonly writeonly volatile coherent gimage2DArray image);
highp ivec3 imageSize(readonly writeonly volatile coherent gimageCubeArray image);

// ---- imageLoad
@ gl 420 ext GL_ARB_shader_image_load_store|GL_EXT_shader_image_load_store
gvec4 imageLoad(readonly volatile coherent gimage1D image, int P);
gvec4 imageLoad(readonly volatile coherent gimage2DRect image, ivec2 P);
gvec4 imageLoad(readonly volatile coherent gimage1DArray image, ivec2 P);
gvec4 imageLoad(readonly volatile coherent gimage2DMS image, ivec2 P, int sample);
gvec4 imageLoad(readonly volatile coherent gimage2DMSArray image, ivec3 P, int sample);
@ gl 420 es 310 ext GL_ARB_shader_image_load_store|GL_EXT_shader_image_load_store
gvec4 imageLoad(readonly volatile coherent gimage2D image, ivec2 P);
gvec4 imageLoad(readonly volatile coherent gimage3D image, ivec3 P);
gvec4 imageLoad(readonly volatile coherent gimageCube image, ivec3 P);
gvec4 imageLoad(readonly volatile coherent gimageBuffer image, int P);
gvec4 imageLoad(readonly volatile coherent gimage2DArray image, ivec3 P);
gvec4 imageLoad(readonly volatile coherent gimageCubeArray image, ivec3 P);

// ---- imageStore
@ gl 420 ext GL_ARB_shader_image_load_store|GL_EXT_shader_image_load_store
void imageStore(writeonly volatile coherent gimage1D image, int P, gvec4 data);
void imageStore(writeonly volatile coherent gimage2DRect image, ivec2 P, gvec4 data);
void imageStore(writeonly volatile coherent gimage1DArray image, ivec2 P, gvec4 data);
void imageStore(writeonly volatile coherent gimage2DMS image, ivec2 P, int sample, gvec4 data);
void imageStore(writeonly volatile coherent gimage2DMSArray image, ivec3 P, int sample, gvec4 data);
@ gl 420 es 310 ext GL_ARB_shader_image_load_store|GL_EXT_shader_image_load_store
void imageStore(writeonly volatile coherent gimage2D image, ivec2 P, gvec4 data);
void imageStore(writeonly volatile coherent gimage3D image, ivec3 P, gvec4 data);
void imageStore(writeonly volatile coherent gimageCube image, ivec3 P, gvec4 data);
void imageStore(writeonly volatile coherent gimageBuffer image, int P, gvec4 data);
void imageStore(writeonly volatile coherent gimage2DArray image, ivec3 P, gvec4 data);
void imageStore(writeonly volatile coherent gimageCubeArray image, ivec3 P, gvec4 data);

// ---- imageSamples
@ gl 450 ext GL_ARB_shader_texture_image_samples
int imageSamples(readonly writeonly volatile coherent gimage2DMS image);
int imageSamples(readonly writeonly volatile coherent gimage2DMSArray image);

// ---- imageAtomicAdd
@ gl 420 ext GL_ARB_shader_image_load_store|GL_EXT_shader_image_load_store|GL_OES_shader_image_atomic
highp int imageAtomicAdd(volatile coherent iimage1D image, int P, highp int data);
highp uint imageAtomicAdd(volatile coherent uimage1D image, int P, highp uint data);
highp int imageAtomicAdd(volatile coherent iimage2DRect image, ivec2 P, highp int data);
highp uint imageAtomicAdd(volatile coherent uimage2DRect image, ivec2 P, highp uint data);
highp int imageAtomicAdd(volatile coherent iimage1DArray image, ivec2 P, highp int data);
highp uint imageAtomicAdd(volatile coherent uimage1DArray image, ivec2 P, highp uint data);
highp int imageAtomicAdd(volatile coherent iimage2DMS image, ivec2 P, int sample, highp int data);
highp uint imageAtomicAdd(volatile coherent uimage2DMS image, ivec2 P, int sample, highp uint data);
highp int imageAtomicAdd(volatile coherent iimage2DMSArray image, ivec3 P, int sample, highp int data);
highp uint imageAtomicAdd(volatile coherent uimage2DMSArray image, ivec3 P, int sample, highp uint data);
@ ext GL_KHR_memory_scope_semantics
highp int imageAtomicAdd(volatile coherent iimage1D image, int P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicAdd(volatile coherent uimage1D image, int P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicAdd(volatile coherent iimage2D image, ivec2 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicAdd(volatile coherent uimage2D image, ivec2 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicAdd(volatile coherent iimage3D image, ivec3 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicAdd(volatile coherent uimage3D image, ivec3 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicAdd(volatile coherent iimageCube image, ivec3 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicAdd(volatile coherent uimageCube image, ivec3 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicAdd(volatile coherent iimage2DRect image, ivec2 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicAdd(volatile coherent uimage2DRect image, ivec2 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicAdd(volatile coherent iimageBuffer image, int P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicAdd(volatile coherent uimageBuffer image, int P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicAdd(volatile coherent iimage1DArray image, ivec2 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicAdd(volatile coherent uimage1DArray image, ivec2 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicAdd(volatile coherent iimage2DArray image, ivec3 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicAdd(volatile coherent uimage2DArray image, ivec3 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicAdd(volatile coherent iimageCubeArray image, ivec3 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicAdd(volatile coherent uimageCubeArray image, ivec3 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicAdd(volatile coherent iimage2DMS image, ivec2 P, int sample, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicAdd(volatile coherent uimage2DMS image, ivec2 P, int sample, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicAdd(volatile coherent iimage2DMSArray image, ivec3 P, int sample, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicAdd(volatile coherent uimage2DMSArray image, ivec3 P, int sample, highp uint data, const int scope, const int storage, const int sem);
@ gl 420 es 320 ext GL_ARB_shader_image_load_store|GL_EXT_shader_image_load_store|GL_OES_shader_image_atomic
highp int imageAtomicAdd(volatile coherent iimage2D image, ivec2 P, highp int data);
highp uint imageAtomicAdd(volatile coherent uimage2D image, ivec2 P, highp uint data);
highp int imageAtomicAdd(volatile coherent iimage3D image, ivec3 P, highp int data);
highp uint imageAtomicAdd(volatile coherent uimage3D image, ivec3 P, highp uint data);
highp int imageAtomicAdd(volatile coherent iimageCube image, ivec3 P, highp int data);
highp uint imageAtomicAdd(volatile coherent uimageCube image, ivec3 P, highp uint data);
highp int imageAtomicAdd(volatile coherent iimageBuffer image, int P, highp int data);
highp uint imageAtomicAdd(volatile coherent uimageBuffer image, int P, highp uint data);
highp int imageAtomicAdd(volatile coherent iimage2DArray image, ivec3 P, highp int data);
highp uint imageAtomicAdd(volatile coherent uimage2DArray image, ivec3 P, highp uint data);
highp int imageAtomicAdd(volatile coherent iimageCubeArray image, ivec3 P, highp int data);
highp uint imageAtomicAdd(volatile coherent uimageCubeArray image, ivec3 P, highp uint data);
@ ext GL_EXT_shader_atomic_float|GL_NV_shader_atomic_float
float imageAtomicAdd(volatile coherent image1D image, int P, float data);
float imageAtomicAdd(volatile coherent image2D image, ivec2 P, float data);
float imageAtomicAdd(volatile coherent image3D image, ivec3 P, float data);
float imageAtomicAdd(volatile coherent imageCube image, ivec3 P, float data);
float imageAtomicAdd(volatile coherent image2DRect image, ivec2 P, float data);
float imageAtomicAdd(volatile coherent imageBuffer image, int P, float data);
float imageAtomicAdd(volatile coherent image1DArray image, ivec2 P, float data);
float imageAtomicAdd(volatile coherent image2DArray image, ivec3 P, float data);
float imageAtomicAdd(volatile coherent imageCubeArray image, ivec3 P, float data);
float imageAtomicAdd(volatile coherent image2DMS image, ivec2 P, int sample, float data);
float imageAtomicAdd(volatile coherent image2DMSArray image, ivec3 P, int sample, float data);
@ ext GL_EXT_shader_atomic_float
float imageAtomicAdd(volatile coherent image1D image, int P, float data, const int scope, const int storage, const int sem);
float imageAtomicAdd(volatile coherent image2D image, ivec2 P, float data, const int scope, const int storage, const int sem);
float imageAtomicAdd(volatile coherent image3D image, ivec3 P, float data, const int scope, const int storage, const int sem);
float imageAtomicAdd(volatile coherent imageCube image, ivec3 P, float data, const int scope, const int storage, const int sem);
float imageAtomicAdd(volatile coherent image2DRect image, ivec2 P, float data, const int scope, const int storage, const int sem);
float imageAtomicAdd(volatile coherent imageBuffer image, int P, float data, const int scope, const int storage, const int sem);
float imageAtomicAdd(volatile coherent image1DArray image, ivec2 P, float data, const int scope, const int storage, const int sem);
float imageAtomicAdd(volatile coherent image2DArray image, ivec3 P, float data, const int scope, const int storage, const int sem);
float imageAtomicAdd(volatile coherent imageCubeArray image, ivec3 P, float data, const int scope, const int storage, const int sem);
float imageAtomicAdd(volatile coherent image2DMS image, ivec2 P, int sample, float data, const int scope, const int storage, const int sem);
float imageAtomicAdd(volatile coherent image2DMSArray image, ivec3 P, int sample, float data, const int scope, const int storage, const int sem);
@ ext GL_NV_shader_atomic_fp16_vector
f16vec2 imageAtomicAdd(volatile coherent image1D image, int P, f16vec2 data);
f16vec4 imageAtomicAdd(volatile coherent image1D image, int P, f16vec4 data);
f16vec2 imageAtomicAdd(volatile coherent image2D image, ivec2 P, f16vec2 data);
f16vec4 imageAtomicAdd(volatile coherent image2D image, ivec2 P, f16vec4 data);
f16vec2 imageAtomicAdd(volatile coherent image3D image, ivec3 P, f16vec2 data);
f16vec4 imageAtomicAdd(volatile coherent image3D image, ivec3 P, f16vec4 data);
f16vec2 imageAtomicAdd(volatile coherent imageCube image, ivec3 P, f16vec2 data);
f16vec4 imageAtomicAdd(volatile coherent imageCube image, ivec3 P, f16vec4 data);
f16vec2 imageAtomicAdd(volatile coherent image2DRect image, ivec2 P, f16vec2 data);
f16vec4 imageAtomicAdd(volatile coherent image2DRect image, ivec2 P, f16vec4 data);
f16vec2 imageAtomicAdd(volatile coherent imageBuffer image, int P, f16vec2 data);
f16vec4 imageAtomicAdd(volatile coherent imageBuffer image, int P, f16vec4 data);
f16vec2 imageAtomicAdd(volatile coherent image1DArray image, ivec2 P, f16vec2 data);
f16vec4 imageAtomicAdd(volatile coherent image1DArray image, ivec2 P, f16vec4 data);
f16vec2 imageAtomicAdd(volatile coherent image2DArray image, ivec3 P, f16vec2 data);
f16vec4 imageAtomicAdd(volatile coherent image2DArray image, ivec3 P, f16vec4 data);
f16vec2 imageAtomicAdd(volatile coherent imageCubeArray image, ivec3 P, f16vec2 data);
f16vec4 imageAtomicAdd(volatile coherent imageCubeArray image, ivec3 P, f16vec4 data);
f16vec2 imageAtomicAdd(volatile coherent image2DMS image, ivec2 P, int sample, f16vec2 data);
f16vec4 imageAtomicAdd(volatile coherent image2DMS image, ivec2 P, int sample, f16vec4 data);
f16vec2 imageAtomicAdd(volatile coherent image2DMSArray image, ivec3 P, int sample, f16vec2 data);
f16vec4 imageAtomicAdd(volatile coherent image2DMSArray image, ivec3 P, int sample, f16vec4 data);

// ---- imageAtomicMin
@ gl 420 ext GL_ARB_shader_image_load_store|GL_EXT_shader_image_load_store|GL_OES_shader_image_atomic
highp int imageAtomicMin(volatile coherent iimage1D image, int P, highp int data);
highp uint imageAtomicMin(volatile coherent uimage1D image, int P, highp uint data);
highp int imageAtomicMin(volatile coherent iimage2DRect image, ivec2 P, highp int data);
highp uint imageAtomicMin(volatile coherent uimage2DRect image, ivec2 P, highp uint data);
highp int imageAtomicMin(volatile coherent iimage1DArray image, ivec2 P, highp int data);
highp uint imageAtomicMin(volatile coherent uimage1DArray image, ivec2 P, highp uint data);
highp int imageAtomicMin(volatile coherent iimage2DMS image, ivec2 P, int sample, highp int data);
highp uint imageAtomicMin(volatile coherent uimage2DMS image, ivec2 P, int sample, highp uint data);
highp int imageAtomicMin(volatile coherent iimage2DMSArray image, ivec3 P, int sample, highp int data);
highp uint imageAtomicMin(volatile coherent uimage2DMSArray image, ivec3 P, int sample, highp uint data);
@ ext GL_KHR_memory_scope_semantics
highp int imageAtomicMin(volatile coherent iimage1D image, int P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicMin(volatile coherent uimage1D image, int P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicMin(volatile coherent iimage2D image, ivec2 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicMin(volatile coherent uimage2D image, ivec2 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicMin(volatile coherent iimage3D image, ivec3 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicMin(volatile coherent uimage3D image, ivec3 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicMin(volatile coherent iimageCube image, ivec3 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicMin(volatile coherent uimageCube image, ivec3 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicMin(volatile coherent iimage2DRect image, ivec2 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicMin(volatile coherent uimage2DRect image, ivec2 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicMin(volatile coherent iimageBuffer image, int P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicMin(volatile coherent uimageBuffer image, int P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicMin(volatile coherent iimage1DArray image, ivec2 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicMin(volatile coherent uimage1DArray image, ivec2 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicMin(volatile coherent iimage2DArray image, ivec3 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicMin(volatile coherent uimage2DArray image, ivec3 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicMin(volatile coherent iimageCubeArray image, ivec3 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicMin(volatile coherent uimageCubeArray image, ivec3 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicMin(volatile coherent iimage2DMS image, ivec2 P, int sample, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicMin(volatile coherent uimage2DMS image, ivec2 P, int sample, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicMin(volatile coherent iimage2DMSArray image, ivec3 P, int sample, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicMin(volatile coherent uimage2DMSArray image, ivec3 P, int sample, highp uint data, const int scope, const int storage, const int sem);
@ gl 420 es 320 ext GL_ARB_shader_image_load_store|GL_EXT_shader_image_load_store|GL_OES_shader_image_atomic
highp int imageAtomicMin(volatile coherent iimage2D image, ivec2 P, highp int data);
highp uint imageAtomicMin(volatile coherent uimage2D image, ivec2 P, highp uint data);
highp int imageAtomicMin(volatile coherent iimage3D image, ivec3 P, highp int data);
highp uint imageAtomicMin(volatile coherent uimage3D image, ivec3 P, highp uint data);
highp int imageAtomicMin(volatile coherent iimageCube image, ivec3 P, highp int data);
highp uint imageAtomicMin(volatile coherent uimageCube image, ivec3 P, highp uint data);
highp int imageAtomicMin(volatile coherent iimageBuffer image, int P, highp int data);
highp uint imageAtomicMin(volatile coherent uimageBuffer image, int P, highp uint data);
highp int imageAtomicMin(volatile coherent iimage2DArray image, ivec3 P, highp int data);
highp uint imageAtomicMin(volatile coherent uimage2DArray image, ivec3 P, highp uint data);
highp int imageAtomicMin(volatile coherent iimageCubeArray image, ivec3 P, highp int data);
highp uint imageAtomicMin(volatile coherent uimageCubeArray image, ivec3 P, highp uint data);
@ ext GL_EXT_shader_atomic_float2|GL_INTEL_shader_atomic_float_minmax
float imageAtomicMin(volatile coherent image1D image, int P, float data);
float imageAtomicMin(volatile coherent image2D image, ivec2 P, float data);
float imageAtomicMin(volatile coherent image3D image, ivec3 P, float data);
float imageAtomicMin(volatile coherent imageCube image, ivec3 P, float data);
float imageAtomicMin(volatile coherent image2DRect image, ivec2 P, float data);
float imageAtomicMin(volatile coherent imageBuffer image, int P, float data);
float imageAtomicMin(volatile coherent image1DArray image, ivec2 P, float data);
float imageAtomicMin(volatile coherent image2DArray image, ivec3 P, float data);
float imageAtomicMin(volatile coherent imageCubeArray image, ivec3 P, float data);
float imageAtomicMin(volatile coherent image2DMS image, ivec2 P, int sample, float data);
float imageAtomicMin(volatile coherent image2DMSArray image, ivec3 P, int sample, float data);
@ ext GL_EXT_shader_atomic_float2
float imageAtomicMin(volatile coherent image1D image, int P, float data, const int scope, const int storage, const int sem);
float imageAtomicMin(volatile coherent image2D image, ivec2 P, float data, const int scope, const int storage, const int sem);
float imageAtomicMin(volatile coherent image3D image, ivec3 P, float data, const int scope, const int storage, const int sem);
float imageAtomicMin(volatile coherent imageCube image, ivec3 P, float data, const int scope, const int storage, const int sem);
float imageAtomicMin(volatile coherent image2DRect image, ivec2 P, float data, const int scope, const int storage, const int sem);
float imageAtomicMin(volatile coherent imageBuffer image, int P, float data, const int scope, const int storage, const int sem);
float imageAtomicMin(volatile coherent image1DArray image, ivec2 P, float data, const int scope, const int storage, const int sem);
float imageAtomicMin(volatile coherent image2DArray image, ivec3 P, float data, const int scope, const int storage, const int sem);
float imageAtomicMin(volatile coherent imageCubeArray image, ivec3 P, float data, const int scope, const int storage, const int sem);
float imageAtomicMin(volatile coherent image2DMS image, ivec2 P, int sample, float data, const int scope, const int storage, const int sem);
float imageAtomicMin(volatile coherent image2DMSArray image, ivec3 P, int sample, float data, const int scope, const int storage, const int sem);
@ ext GL_NV_shader_atomic_fp16_vector
f16vec2 imageAtomicMin(volatile coherent image1D image, int P, f16vec2 data);
f16vec4 imageAtomicMin(volatile coherent image1D image, int P, f16vec4 data);
f16vec2 imageAtomicMin(volatile coherent image2D image, ivec2 P, f16vec2 data);
f16vec4 imageAtomicMin(volatile coherent image2D image, ivec2 P, f16vec4 data);
f16vec2 imageAtomicMin(volatile coherent image3D image, ivec3 P, f16vec2 data);
f16vec4 imageAtomicMin(volatile coherent image3D image, ivec3 P, f16vec4 data);
f16vec2 imageAtomicMin(volatile coherent imageCube image, ivec3 P, f16vec2 data);
f16vec4 imageAtomicMin(volatile coherent imageCube image, ivec3 P, f16vec4 data);
f16vec2 imageAtomicMin(volatile coherent image2DRect image, ivec2 P, f16vec2 data);
f16vec4 imageAtomicMin(volatile coherent image2DRect image, ivec2 P, f16vec4 data);
f16vec2 imageAtomicMin(volatile coherent imageBuffer image, int P, f16vec2 data);
f16vec4 imageAtomicMin(volatile coherent imageBuffer image, int P, f16vec4 data);
f16vec2 imageAtomicMin(volatile coherent image1DArray image, ivec2 P, f16vec2 data);
f16vec4 imageAtomicMin(volatile coherent image1DArray image, ivec2 P, f16vec4 data);
f16vec2 imageAtomicMin(volatile coherent image2DArray image, ivec3 P, f16vec2 data);
f16vec4 imageAtomicMin(volatile coherent image2DArray image, ivec3 P, f16vec4 data);
f16vec2 imageAtomicMin(volatile coherent imageCubeArray image, ivec3 P, f16vec2 data);
f16vec4 imageAtomicMin(volatile coherent imageCubeArray image, ivec3 P, f16vec4 data);
f16vec2 imageAtomicMin(volatile coherent image2DMS image, ivec2 P, int sample, f16vec2 data);
f16vec4 imageAtomicMin(volatile coherent image2DMS image, ivec2 P, int sample, f16vec4 data);
f16vec2 imageAtomicMin(volatile coherent image2DMSArray image, ivec3 P, int sample, f16vec2 data);
f16vec4 imageAtomicMin(volatile coherent image2DMSArray image, ivec3 P, int sample, f16vec4 data);

// ---- imageAtomicMax
@ gl 420 ext GL_ARB_shader_image_load_store|GL_EXT_shader_image_load_store|GL_OES_shader_image_atomic
highp int imageAtomicMax(volatile coherent iimage1D image, int P, highp int data);
highp uint imageAtomicMax(volatile coherent uimage1D image, int P, highp uint data);
highp int imageAtomicMax(volatile coherent iimage2DRect image, ivec2 P, highp int data);
highp uint imageAtomicMax(volatile coherent uimage2DRect image, ivec2 P, highp uint data);
highp int imageAtomicMax(volatile coherent iimage1DArray image, ivec2 P, highp int data);
highp uint imageAtomicMax(volatile coherent uimage1DArray image, ivec2 P, highp uint data);
highp int imageAtomicMax(volatile coherent iimage2DMS image, ivec2 P, int sample, highp int data);
highp uint imageAtomicMax(volatile coherent uimage2DMS image, ivec2 P, int sample, highp uint data);
highp int imageAtomicMax(volatile coherent iimage2DMSArray image, ivec3 P, int sample, highp int data);
highp uint imageAtomicMax(volatile coherent uimage2DMSArray image, ivec3 P, int sample, highp uint data);
@ ext GL_KHR_memory_scope_semantics
highp int imageAtomicMax(volatile coherent iimage1D image, int P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicMax(volatile coherent uimage1D image, int P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicMax(volatile coherent iimage2D image, ivec2 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicMax(volatile coherent uimage2D image, ivec2 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicMax(volatile coherent iimage3D image, ivec3 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicMax(volatile coherent uimage3D image, ivec3 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicMax(volatile coherent iimageCube image, ivec3 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicMax(volatile coherent uimageCube image, ivec3 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicMax(volatile coherent iimage2DRect image, ivec2 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicMax(volatile coherent uimage2DRect image, ivec2 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicMax(volatile coherent iimageBuffer image, int P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicMax(volatile coherent uimageBuffer image, int P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicMax(volatile coherent iimage1DArray image, ivec2 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicMax(volatile coherent uimage1DArray image, ivec2 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicMax(volatile coherent iimage2DArray image, ivec3 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicMax(volatile coherent uimage2DArray image, ivec3 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicMax(volatile coherent iimageCubeArray image, ivec3 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicMax(volatile coherent uimageCubeArray image, ivec3 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicMax(volatile coherent iimage2DMS image, ivec2 P, int sample, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicMax(volatile coherent uimage2DMS image, ivec2 P, int sample, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicMax(volatile coherent iimage2DMSArray image, ivec3 P, int sample, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicMax(volatile coherent uimage2DMSArray image, ivec3 P, int sample, highp uint data, const int scope, const int storage, const int sem);
@ gl 420 es 320 ext GL_ARB_shader_image_load_store|GL_EXT_shader_image_load_store|GL_OES_shader_image_atomic
highp int imageAtomicMax(volatile coherent iimage2D image, ivec2 P, highp int data);
highp uint imageAtomicMax(volatile coherent uimage2D image, ivec2 P, highp uint data);
highp int imageAtomicMax(volatile coherent iimage3D image, ivec3 P, highp int data);
highp uint imageAtomicMax(volatile coherent uimage3D image, ivec3 P, highp uint data);
highp int imageAtomicMax(volatile coherent iimageCube image, ivec3 P, highp int data);
highp uint imageAtomicMax(volatile coherent uimageCube image, ivec3 P, highp uint data);
highp int imageAtomicMax(volatile coherent iimageBuffer image, int P, highp int data);
highp uint imageAtomicMax(volatile coherent uimageBuffer image, int P, highp uint data);
highp int imageAtomicMax(volatile coherent iimage2DArray image, ivec3 P, highp int data);
highp uint imageAtomicMax(volatile coherent uimage2DArray image, ivec3 P, highp uint data);
highp int imageAtomicMax(volatile coherent iimageCubeArray image, ivec3 P, highp int data);
highp uint imageAtomicMax(volatile coherent uimageCubeArray image, ivec3 P, highp uint data);
@ ext GL_EXT_shader_atomic_float2|GL_INTEL_shader_atomic_float_minmax
float imageAtomicMax(volatile coherent image1D image, int P, float data);
float imageAtomicMax(volatile coherent image2D image, ivec2 P, float data);
float imageAtomicMax(volatile coherent image3D image, ivec3 P, float data);
float imageAtomicMax(volatile coherent imageCube image, ivec3 P, float data);
float imageAtomicMax(volatile coherent image2DRect image, ivec2 P, float data);
float imageAtomicMax(volatile coherent imageBuffer image, int P, float data);
float imageAtomicMax(volatile coherent image1DArray image, ivec2 P, float data);
float imageAtomicMax(volatile coherent image2DArray image, ivec3 P, float data);
float imageAtomicMax(volatile coherent imageCubeArray image, ivec3 P, float data);
float imageAtomicMax(volatile coherent image2DMS image, ivec2 P, int sample, float data);
float imageAtomicMax(volatile coherent image2DMSArray image, ivec3 P, int sample, float data);
@ ext GL_EXT_shader_atomic_float2
float imageAtomicMax(volatile coherent image1D image, int P, float data, const int scope, const int storage, const int sem);
float imageAtomicMax(volatile coherent image2D image, ivec2 P, float data, const int scope, const int storage, const int sem);
float imageAtomicMax(volatile coherent image3D image, ivec3 P, float data, const int scope, const int storage, const int sem);
float imageAtomicMax(volatile coherent imageCube image, ivec3 P, float data, const int scope, const int storage, const int sem);
float imageAtomicMax(volatile coherent image2DRect image, ivec2 P, float data, const int scope, const int storage, const int sem);
float imageAtomicMax(volatile coherent imageBuffer image, int P, float data, const int scope, const int storage, const int sem);
float imageAtomicMax(volatile coherent image1DArray image, ivec2 P, float data, const int scope, const int storage, const int sem);
float imageAtomicMax(volatile coherent image2DArray image, ivec3 P, float data, const int scope, const int storage, const int sem);
float imageAtomicMax(volatile coherent imageCubeArray image, ivec3 P, float data, const int scope, const int storage, const int sem);
float imageAtomicMax(volatile coherent image2DMS image, ivec2 P, int sample, float data, const int scope, const int storage, const int sem);
float imageAtomicMax(volatile coherent image2DMSArray image, ivec3 P, int sample, float data, const int scope, const int storage, const int sem);
@ ext GL_NV_shader_atomic_fp16_vector
f16vec2 imageAtomicMax(volatile coherent image1D image, int P, f16vec2 data);
f16vec4 imageAtomicMax(volatile coherent image1D image, int P, f16vec4 data);
f16vec2 imageAtomicMax(volatile coherent image2D image, ivec2 P, f16vec2 data);
f16vec4 imageAtomicMax(volatile coherent image2D image, ivec2 P, f16vec4 data);
f16vec2 imageAtomicMax(volatile coherent image3D image, ivec3 P, f16vec2 data);
f16vec4 imageAtomicMax(volatile coherent image3D image, ivec3 P, f16vec4 data);
f16vec2 imageAtomicMax(volatile coherent imageCube image, ivec3 P, f16vec2 data);
f16vec4 imageAtomicMax(volatile coherent imageCube image, ivec3 P, f16vec4 data);
f16vec2 imageAtomicMax(volatile coherent image2DRect image, ivec2 P, f16vec2 data);
f16vec4 imageAtomicMax(volatile coherent image2DRect image, ivec2 P, f16vec4 data);
f16vec2 imageAtomicMax(volatile coherent imageBuffer image, int P, f16vec2 data);
f16vec4 imageAtomicMax(volatile coherent imageBuffer image, int P, f16vec4 data);
f16vec2 imageAtomicMax(volatile coherent image1DArray image, ivec2 P, f16vec2 data);
f16vec4 imageAtomicMax(volatile coherent image1DArray image, ivec2 P, f16vec4 data);
f16vec2 imageAtomicMax(volatile coherent image2DArray image, ivec3 P, f16vec2 data);
f16vec4 imageAtomicMax(volatile coherent image2DArray image, ivec3 P, f16vec4 data);
f16vec2 imageAtomicMax(volatile coherent imageCubeArray image, ivec3 P, f16vec2 data);
f16vec4 imageAtomicMax(volatile coherent imageCubeArray image, ivec3 P, f16vec4 data);
f16vec2 imageAtomicMax(volatile coherent image2DMS image, ivec2 P, int sample, f16vec2 data);
f16vec4 imageAtomicMax(volatile coherent image2DMS image, ivec2 P, int sample, f16vec4 data);
f16vec2 imageAtomicMax(volatile coherent image2DMSArray image, ivec3 P, int sample, f16vec2 data);
f16vec4 imageAtomicMax(volatile coherent image2DMSArray image, ivec3 P, int sample, f16vec4 data);

// ---- imageAtomicAnd
@ gl 420 ext GL_ARB_shader_image_load_store|GL_EXT_shader_image_load_store|GL_OES_shader_image_atomic
highp int imageAtomicAnd(volatile coherent iimage1D image, int P, highp int data);
highp uint imageAtomicAnd(volatile coherent uimage1D image, int P, highp uint data);
highp int imageAtomicAnd(volatile coherent iimage2DRect image, ivec2 P, highp int data);
highp uint imageAtomicAnd(volatile coherent uimage2DRect image, ivec2 P, highp uint data);
highp int imageAtomicAnd(volatile coherent iimage1DArray image, ivec2 P, highp int data);
highp uint imageAtomicAnd(volatile coherent uimage1DArray image, ivec2 P, highp uint data);
highp int imageAtomicAnd(volatile coherent iimage2DMS image, ivec2 P, int sample, highp int data);
highp uint imageAtomicAnd(volatile coherent uimage2DMS image, ivec2 P, int sample, highp uint data);
highp int imageAtomicAnd(volatile coherent iimage2DMSArray image, ivec3 P, int sample, highp int data);
highp uint imageAtomicAnd(volatile coherent uimage2DMSArray image, ivec3 P, int sample, highp uint data);
@ ext GL_KHR_memory_scope_semantics
highp int imageAtomicAnd(volatile coherent iimage1D image, int P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicAnd(volatile coherent uimage1D image, int P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicAnd(volatile coherent iimage2D image, ivec2 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicAnd(volatile coherent uimage2D image, ivec2 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicAnd(volatile coherent iimage3D image, ivec3 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicAnd(volatile coherent uimage3D image, ivec3 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicAnd(volatile coherent iimageCube image, ivec3 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicAnd(volatile coherent uimageCube image, ivec3 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicAnd(volatile coherent iimage2DRect image, ivec2 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicAnd(volatile coherent uimage2DRect image, ivec2 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicAnd(volatile coherent iimageBuffer image, int P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicAnd(volatile coherent uimageBuffer image, int P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicAnd(volatile coherent iimage1DArray image, ivec2 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicAnd(volatile coherent uimage1DArray image, ivec2 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicAnd(volatile coherent iimage2DArray image, ivec3 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicAnd(volatile coherent uimage2DArray image, ivec3 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicAnd(volatile coherent iimageCubeArray image, ivec3 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicAnd(volatile coherent uimageCubeArray image, ivec3 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicAnd(volatile coherent iimage2DMS image, ivec2 P, int sample, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicAnd(volatile coherent uimage2DMS image, ivec2 P, int sample, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicAnd(volatile coherent iimage2DMSArray image, ivec3 P, int sample, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicAnd(volatile coherent uimage2DMSArray image, ivec3 P, int sample, highp uint data, const int scope, const int storage, const int sem);
@ gl 420 es 320 ext GL_ARB_shader_image_load_store|GL_EXT_shader_image_load_store|GL_OES_shader_image_atomic
highp int imageAtomicAnd(volatile coherent iimage2D image, ivec2 P, highp int data);
highp uint imageAtomicAnd(volatile coherent uimage2D image, ivec2 P, highp uint data);
highp int imageAtomicAnd(volatile coherent iimage3D image, ivec3 P, highp int data);
highp uint imageAtomicAnd(volatile coherent uimage3D image, ivec3 P, highp uint data);
highp int imageAtomicAnd(volatile coherent iimageCube image, ivec3 P, highp int data);
highp uint imageAtomicAnd(volatile coherent uimageCube image, ivec3 P, highp uint data);
highp int imageAtomicAnd(volatile coherent iimageBuffer image, int P, highp int data);
highp uint imageAtomicAnd(volatile coherent uimageBuffer image, int P, highp uint data);
highp int imageAtomicAnd(volatile coherent iimage2DArray image, ivec3 P, highp int data);
highp uint imageAtomicAnd(volatile coherent uimage2DArray image, ivec3 P, highp uint data);
highp int imageAtomicAnd(volatile coherent iimageCubeArray image, ivec3 P, highp int data);
highp uint imageAtomicAnd(volatile coherent uimageCubeArray image, ivec3 P, highp uint data);

// ---- imageAtomicOr
@ gl 420 ext GL_ARB_shader_image_load_store|GL_EXT_shader_image_load_store|GL_OES_shader_image_atomic
highp int imageAtomicOr(volatile coherent iimage1D image, int P, highp int data);
highp uint imageAtomicOr(volatile coherent uimage1D image, int P, highp uint data);
highp int imageAtomicOr(volatile coherent iimage2DRect image, ivec2 P, highp int data);
highp uint imageAtomicOr(volatile coherent uimage2DRect image, ivec2 P, highp uint data);
highp int imageAtomicOr(volatile coherent iimage1DArray image, ivec2 P, highp int data);
highp uint imageAtomicOr(volatile coherent uimage1DArray image, ivec2 P, highp uint data);
highp int imageAtomicOr(volatile coherent iimage2DMS image, ivec2 P, int sample, highp int data);
highp uint imageAtomicOr(volatile coherent uimage2DMS image, ivec2 P, int sample, highp uint data);
highp int imageAtomicOr(volatile coherent iimage2DMSArray image, ivec3 P, int sample, highp int data);
highp uint imageAtomicOr(volatile coherent uimage2DMSArray image, ivec3 P, int sample, highp uint data);
@ ext GL_KHR_memory_scope_semantics
highp int imageAtomicOr(volatile coherent iimage1D image, int P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicOr(volatile coherent uimage1D image, int P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicOr(volatile coherent iimage2D image, ivec2 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicOr(volatile coherent uimage2D image, ivec2 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicOr(volatile coherent iimage3D image, ivec3 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicOr(volatile coherent uimage3D image, ivec3 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicOr(volatile coherent iimageCube image, ivec3 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicOr(volatile coherent uimageCube image, ivec3 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicOr(volatile coherent iimage2DRect image, ivec2 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicOr(volatile coherent uimage2DRect image, ivec2 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicOr(volatile coherent iimageBuffer image, int P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicOr(volatile coherent uimageBuffer image, int P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicOr(volatile coherent iimage1DArray image, ivec2 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicOr(volatile coherent uimage1DArray image, ivec2 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicOr(volatile coherent iimage2DArray image, ivec3 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicOr(volatile coherent uimage2DArray image, ivec3 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicOr(volatile coherent iimageCubeArray image, ivec3 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicOr(volatile coherent uimageCubeArray image, ivec3 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicOr(volatile coherent iimage2DMS image, ivec2 P, int sample, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicOr(volatile coherent uimage2DMS image, ivec2 P, int sample, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicOr(volatile coherent iimage2DMSArray image, ivec3 P, int sample, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicOr(volatile coherent uimage2DMSArray image, ivec3 P, int sample, highp uint data, const int scope, const int storage, const int sem);
@ gl 420 es 320 ext GL_ARB_shader_image_load_store|GL_EXT_shader_image_load_store|GL_OES_shader_image_atomic
highp int imageAtomicOr(volatile coherent iimage2D image, ivec2 P, highp int data);
highp uint imageAtomicOr(volatile coherent uimage2D image, ivec2 P, highp uint data);
highp int imageAtomicOr(volatile coherent iimage3D image, ivec3 P, highp int data);
highp uint imageAtomicOr(volatile coherent uimage3D image, ivec3 P, highp uint data);
highp int imageAtomicOr(volatile coherent iimageCube image, ivec3 P, highp int data);
highp uint imageAtomicOr(volatile coherent uimageCube image, ivec3 P, highp uint data);
highp int imageAtomicOr(volatile coherent iimageBuffer image, int P, highp int data);
highp uint imageAtomicOr(volatile coherent uimageBuffer image, int P, highp uint data);
highp int imageAtomicOr(volatile coherent iimage2DArray image, ivec3 P, highp int data);
highp uint imageAtomicOr(volatile coherent uimage2DArray image, ivec3 P, highp uint data);
highp int imageAtomicOr(volatile coherent iimageCubeArray image, ivec3 P, highp int data);
highp uint imageAtomicOr(volatile coherent uimageCubeArray image, ivec3 P, highp uint data);

// ---- imageAtomicXor
@ gl 420 ext GL_ARB_shader_image_load_store|GL_EXT_shader_image_load_store|GL_OES_shader_image_atomic
highp int imageAtomicXor(volatile coherent iimage1D image, int P, highp int data);
highp uint imageAtomicXor(volatile coherent uimage1D image, int P, highp uint data);
highp int imageAtomicXor(volatile coherent iimage2DRect image, ivec2 P, highp int data);
highp uint imageAtomicXor(volatile coherent uimage2DRect image, ivec2 P, highp uint data);
highp int imageAtomicXor(volatile coherent iimage1DArray image, ivec2 P, highp int data);
highp uint imageAtomicXor(volatile coherent uimage1DArray image, ivec2 P, highp uint data);
highp int imageAtomicXor(volatile coherent iimage2DMS image, ivec2 P, int sample, highp int data);
highp uint imageAtomicXor(volatile coherent uimage2DMS image, ivec2 P, int sample, highp uint data);
highp int imageAtomicXor(volatile coherent iimage2DMSArray image, ivec3 P, int sample, highp int data);
highp uint imageAtomicXor(volatile coherent uimage2DMSArray image, ivec3 P, int sample, highp uint data);
@ ext GL_KHR_memory_scope_semantics
highp int imageAtomicXor(volatile coherent iimage1D image, int P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicXor(volatile coherent uimage1D image, int P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicXor(volatile coherent iimage2D image, ivec2 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicXor(volatile coherent uimage2D image, ivec2 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicXor(volatile coherent iimage3D image, ivec3 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicXor(volatile coherent uimage3D image, ivec3 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicXor(volatile coherent iimageCube image, ivec3 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicXor(volatile coherent uimageCube image, ivec3 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicXor(volatile coherent iimage2DRect image, ivec2 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicXor(volatile coherent uimage2DRect image, ivec2 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicXor(volatile coherent iimageBuffer image, int P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicXor(volatile coherent uimageBuffer image, int P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicXor(volatile coherent iimage1DArray image, ivec2 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicXor(volatile coherent uimage1DArray image, ivec2 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicXor(volatile coherent iimage2DArray image, ivec3 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicXor(volatile coherent uimage2DArray image, ivec3 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicXor(volatile coherent iimageCubeArray image, ivec3 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicXor(volatile coherent uimageCubeArray image, ivec3 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicXor(volatile coherent iimage2DMS image, ivec2 P, int sample, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicXor(volatile coherent uimage2DMS image, ivec2 P, int sample, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicXor(volatile coherent iimage2DMSArray image, ivec3 P, int sample, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicXor(volatile coherent uimage2DMSArray image, ivec3 P, int sample, highp uint data, const int scope, const int storage, const int sem);
@ gl 420 es 320 ext GL_ARB_shader_image_load_store|GL_EXT_shader_image_load_store|GL_OES_shader_image_atomic
highp int imageAtomicXor(volatile coherent iimage2D image, ivec2 P, highp int data);
highp uint imageAtomicXor(volatile coherent uimage2D image, ivec2 P, highp uint data);
highp int imageAtomicXor(volatile coherent iimage3D image, ivec3 P, highp int data);
highp uint imageAtomicXor(volatile coherent uimage3D image, ivec3 P, highp uint data);
highp int imageAtomicXor(volatile coherent iimageCube image, ivec3 P, highp int data);
highp uint imageAtomicXor(volatile coherent uimageCube image, ivec3 P, highp uint data);
highp int imageAtomicXor(volatile coherent iimageBuffer image, int P, highp int data);
highp uint imageAtomicXor(volatile coherent uimageBuffer image, int P, highp uint data);
highp int imageAtomicXor(volatile coherent iimage2DArray image, ivec3 P, highp int data);
highp uint imageAtomicXor(volatile coherent uimage2DArray image, ivec3 P, highp uint data);
highp int imageAtomicXor(volatile coherent iimageCubeArray image, ivec3 P, highp int data);
highp uint imageAtomicXor(volatile coherent uimageCubeArray image, ivec3 P, highp uint data);

// ---- imageAtomicExchange
@ gl 420 ext GL_ARB_shader_image_load_store|GL_EXT_shader_image_load_store|GL_OES_shader_image_atomic
highp int imageAtomicExchange(volatile coherent iimage1D image, int P, highp int data);
highp uint imageAtomicExchange(volatile coherent uimage1D image, int P, highp uint data);
highp int imageAtomicExchange(volatile coherent iimage2DRect image, ivec2 P, highp int data);
highp uint imageAtomicExchange(volatile coherent uimage2DRect image, ivec2 P, highp uint data);
highp int imageAtomicExchange(volatile coherent iimage1DArray image, ivec2 P, highp int data);
highp uint imageAtomicExchange(volatile coherent uimage1DArray image, ivec2 P, highp uint data);
highp int imageAtomicExchange(volatile coherent iimage2DMS image, ivec2 P, int sample, highp int data);
highp uint imageAtomicExchange(volatile coherent uimage2DMS image, ivec2 P, int sample, highp uint data);
highp int imageAtomicExchange(volatile coherent iimage2DMSArray image, ivec3 P, int sample, highp int data);
highp uint imageAtomicExchange(volatile coherent uimage2DMSArray image, ivec3 P, int sample, highp uint data);
@ ext GL_KHR_memory_scope_semantics
highp int imageAtomicExchange(volatile coherent iimage1D image, int P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicExchange(volatile coherent uimage1D image, int P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicExchange(volatile coherent iimage2D image, ivec2 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicExchange(volatile coherent uimage2D image, ivec2 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicExchange(volatile coherent iimage3D image, ivec3 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicExchange(volatile coherent uimage3D image, ivec3 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicExchange(volatile coherent iimageCube image, ivec3 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicExchange(volatile coherent uimageCube image, ivec3 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicExchange(volatile coherent iimage2DRect image, ivec2 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicExchange(volatile coherent uimage2DRect image, ivec2 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicExchange(volatile coherent iimageBuffer image, int P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicExchange(volatile coherent uimageBuffer image, int P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicExchange(volatile coherent iimage1DArray image, ivec2 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicExchange(volatile coherent uimage1DArray image, ivec2 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicExchange(volatile coherent iimage2DArray image, ivec3 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicExchange(volatile coherent uimage2DArray image, ivec3 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicExchange(volatile coherent iimageCubeArray image, ivec3 P, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicExchange(volatile coherent uimageCubeArray image, ivec3 P, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicExchange(volatile coherent iimage2DMS image, ivec2 P, int sample, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicExchange(volatile coherent uimage2DMS image, ivec2 P, int sample, highp uint data, const int scope, const int storage, const int sem);
highp int imageAtomicExchange(volatile coherent iimage2DMSArray image, ivec3 P, int sample, highp int data, const int scope, const int storage, const int sem);
highp uint imageAtomicExchange(volatile coherent uimage2DMSArray image, ivec3 P, int sample, highp uint data, const int scope, const int storage, const int sem);
@ gl 420 es 320 ext GL_ARB_shader_image_load_store|GL_EXT_shader_image_load_store|GL_OES_shader_image_atomic
highp int imageAtomicExchange(volatile coherent iimage2D image, ivec2 P, highp int data);
highp uint imageAtomicExchange(volatile coherent uimage2D image, ivec2 P, highp uint data);
highp int imageAtomicExchange(volatile coherent iimage3D image, ivec3 P, highp int data);
highp uint imageAtomicExchange(volatile coherent uimage3D image, ivec3 P, highp uint data);
highp int imageAtomicExchange(volatile coherent iimageCube image, ivec3 P, highp int data);
highp uint imageAtomicExchange(volatile coherent uimageCube image, ivec3 P, highp uint data);
highp int imageAtomicExchange(volatile coherent iimageBuffer image, int P, highp int data);
highp uint imageAtomicExchange(volatile coherent uimageBuffer image, int P, highp uint data);
highp int imageAtomicExchange(volatile coherent iimage2DArray image, ivec3 P, highp int data);
highp uint imageAtomicExchange(volatile coherent uimage2DArray image, ivec3 P, highp uint data);
highp int imageAtomicExchange(volatile coherent iimageCubeArray image, ivec3 P, highp int data);
highp uint imageAtomicExchange(volatile coherent uimageCubeArray image, ivec3 P, highp uint data);
@ gl 450 ext GL_OES_shader_image_atomic|GL_ARB_ES3_1_compatibility|GL_NV_shader_atomic_float|GL_EXT_shader_atomic_float|GL_INTEL_shader_atomic_float_minmax
float imageAtomicExchange(volatile coherent image1D image, int P, float data);
float imageAtomicExchange(volatile coherent image2DRect image, ivec2 P, float data);
float imageAtomicExchange(volatile coherent image1DArray image, ivec2 P, float data);
float imageAtomicExchange(volatile coherent image2DMS image, ivec2 P, int sample, float data);
float imageAtomicExchange(volatile coherent image2DMSArray image, ivec3 P, int sample, float data);
@ ext GL_EXT_shader_atomic_float|GL_KHR_memory_scope_semantics
float imageAtomicExchange(volatile coherent image1D image, int P, float data, const int scope, const int storage, const int sem);
float imageAtomicExchange(volatile coherent image2D image, ivec2 P, float data, const int scope, const int storage, const int sem);
float imageAtomicExchange(volatile coherent image3D image, ivec3 P, float data, const int scope, const int storage, const int sem);
float imageAtomicExchange(volatile coherent imageCube image, ivec3 P, float data, const int scope, const int storage, const int sem);
float imageAtomicExchange(volatile coherent image2DRect image, ivec2 P, float data, const int scope, const int storage, const int sem);
float imageAtomicExchange(volatile coherent imageBuffer image, int P, float data, const int scope, const int storage, const int sem);
float imageAtomicExchange(volatile coherent image1DArray image, ivec2 P, float data, const int scope, const int storage, const int sem);
float imageAtomicExchange(volatile coherent image2DArray image, ivec3 P, float data, const int scope, const int storage, const int sem);
float imageAtomicExchange(volatile coherent imageCubeArray image, ivec3 P, float data, const int scope, const int storage, const int sem);
float imageAtomicExchange(volatile coherent image2DMS image, ivec2 P, int sample, float data, const int scope, const int storage, const int sem);
float imageAtomicExchange(volatile coherent image2DMSArray image, ivec3 P, int sample, float data, const int scope, const int storage, const int sem);
@ ext GL_NV_shader_atomic_fp16_vector
f16vec2 imageAtomicExchange(volatile coherent image1D image, int P, f16vec2 data);
f16vec4 imageAtomicExchange(volatile coherent image1D image, int P, f16vec4 data);
f16vec2 imageAtomicExchange(volatile coherent image2D image, ivec2 P, f16vec2 data);
f16vec4 imageAtomicExchange(volatile coherent image2D image, ivec2 P, f16vec4 data);
f16vec2 imageAtomicExchange(volatile coherent image3D image, ivec3 P, f16vec2 data);
f16vec4 imageAtomicExchange(volatile coherent image3D image, ivec3 P, f16vec4 data);
f16vec2 imageAtomicExchange(volatile coherent imageCube image, ivec3 P, f16vec2 data);
f16vec4 imageAtomicExchange(volatile coherent imageCube image, ivec3 P, f16vec4 data);
f16vec2 imageAtomicExchange(volatile coherent image2DRect image, ivec2 P, f16vec2 data);
f16vec4 imageAtomicExchange(volatile coherent image2DRect image, ivec2 P, f16vec4 data);
f16vec2 imageAtomicExchange(volatile coherent imageBuffer image, int P, f16vec2 data);
f16vec4 imageAtomicExchange(volatile coherent imageBuffer image, int P, f16vec4 data);
f16vec2 imageAtomicExchange(volatile coherent image1DArray image, ivec2 P, f16vec2 data);
f16vec4 imageAtomicExchange(volatile coherent image1DArray image, ivec2 P, f16vec4 data);
f16vec2 imageAtomicExchange(volatile coherent image2DArray image, ivec3 P, f16vec2 data);
f16vec4 imageAtomicExchange(volatile coherent image2DArray image, ivec3 P, f16vec4 data);
f16vec2 imageAtomicExchange(volatile coherent imageCubeArray image, ivec3 P, f16vec2 data);
f16vec4 imageAtomicExchange(volatile coherent imageCubeArray image, ivec3 P, f16vec4 data);
f16vec2 imageAtomicExchange(volatile coherent image2DMS image, ivec2 P, int sample, f16vec2 data);
f16vec4 imageAtomicExchange(volatile coherent image2DMS image, ivec2 P, int sample, f16vec4 data);
f16vec2 imageAtomicExchange(volatile coherent image2DMSArray image, ivec3 P, int sample, f16vec2 data);
f16vec4 imageAtomicExchange(volatile coherent image2DMSArray image, ivec3 P, int sample, f16vec4 data);
@ gl 450 es 320 ext GL_OES_shader_image_atomic|GL_ARB_ES3_1_compatibility|GL_NV_shader_atomic_float|GL_EXT_shader_atomic_float|GL_INTEL_shader_atomic_float_minmax
float imageAtomicExchange(volatile coherent image2D image, ivec2 P, float data);
float imageAtomicExchange(volatile coherent image3D image, ivec3 P, float data);
float imageAtomicExchange(volatile coherent imageCube image, ivec3 P, float data);
float imageAtomicExchange(volatile coherent imageBuffer image, int P, float data);
float imageAtomicExchange(volatile coherent image2DArray image, ivec3 P, float data);
float imageAtomicExchange(volatile coherent imageCubeArray image, ivec3 P, float data);

// ---- imageAtomicCompSwap
@ gl 420 ext GL_ARB_shader_image_load_store|GL_EXT_shader_image_load_store|GL_OES_shader_image_atomic
highp int imageAtomicCompSwap(volatile coherent iimage1D image, int P, highp int compare, highp int data);
highp uint imageAtomicCompSwap(volatile coherent uimage1D image, int P, highp uint compare, highp uint data);
highp int imageAtomicCompSwap(volatile coherent iimage2DRect image, ivec2 P, highp int compare, highp int data);
highp uint imageAtomicCompSwap(volatile coherent uimage2DRect image, ivec2 P, highp uint compare, highp uint data);
highp int imageAtomicCompSwap(volatile coherent iimage1DArray image, ivec2 P, highp int compare, highp int data);
highp uint imageAtomicCompSwap(volatile coherent uimage1DArray image, ivec2 P, highp uint compare, highp uint data);
highp int imageAtomicCompSwap(volatile coherent iimage2DMS image, ivec2 P, int sample, highp int compare, highp int data);
highp uint imageAtomicCompSwap(volatile coherent uimage2DMS image, ivec2 P, int sample, highp uint compare, highp uint data);
highp int imageAtomicCompSwap(volatile coherent iimage2DMSArray image, ivec3 P, int sample, highp int compare, highp int data);
highp uint imageAtomicCompSwap(volatile coherent uimage2DMSArray image, ivec3 P, int sample, highp uint compare, highp uint data);
@ ext GL_KHR_memory_scope_semantics
highp int imageAtomicCompSwap(volatile coherent iimage1D image, int P, highp int compare, highp int data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);
highp uint imageAtomicCompSwap(volatile coherent uimage1D image, int P, highp uint compare, highp uint data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);
highp int imageAtomicCompSwap(volatile coherent iimage2D image, ivec2 P, highp int compare, highp int data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);
highp uint imageAtomicCompSwap(volatile coherent uimage2D image, ivec2 P, highp uint compare, highp uint data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);
highp int imageAtomicCompSwap(volatile coherent iimage3D image, ivec3 P, highp int compare, highp int data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);
highp uint imageAtomicCompSwap(volatile coherent uimage3D image, ivec3 P, highp uint compare, highp uint data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);
highp int imageAtomicCompSwap(volatile coherent iimageCube image, ivec3 P, highp int compare, highp int data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);
highp uint imageAtomicCompSwap(volatile coherent uimageCube image, ivec3 P, highp uint compare, highp uint data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);
highp int imageAtomicCompSwap(volatile coherent iimage2DRect image, ivec2 P, highp int compare, highp int data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);
highp uint imageAtomicCompSwap(volatile coherent uimage2DRect image, ivec2 P, highp uint compare, highp uint data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);
highp int imageAtomicCompSwap(volatile coherent iimageBuffer image, int P, highp int compare, highp int data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);
highp uint imageAtomicCompSwap(volatile coherent uimageBuffer image, int P, highp uint compare, highp uint data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);
highp int imageAtomicCompSwap(volatile coherent iimage1DArray image, ivec2 P, highp int compare, highp int data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);
highp uint imageAtomicCompSwap(volatile coherent uimage1DArray image, ivec2 P, highp uint compare, highp uint data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);
highp int imageAtomicCompSwap(volatile coherent iimage2DArray image, ivec3 P, highp int compare, highp int data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);
highp uint imageAtomicCompSwap(volatile coherent uimage2DArray image, ivec3 P, highp uint compare, highp uint data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);
highp int imageAtomicCompSwap(volatile coherent iimageCubeArray image, ivec3 P, highp int compare, highp int data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);
highp uint imageAtomicCompSwap(volatile coherent uimageCubeArray image, ivec3 P, highp uint compare, highp uint data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);
highp int imageAtomicCompSwap(volatile coherent iimage2DMS image, ivec2 P, int sample, highp int compare, highp int data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);
highp uint imageAtomicCompSwap(volatile coherent uimage2DMS image, ivec2 P, int sample, highp uint compare, highp uint data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);
highp int imageAtomicCompSwap(volatile coherent iimage2DMSArray image, ivec3 P, int sample, highp int compare, highp int data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);
highp uint imageAtomicCompSwap(volatile coherent uimage2DMSArray image, ivec3 P, int sample, highp uint compare, highp uint data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);
@ gl 420 es 320 ext GL_ARB_shader_image_load_store|GL_EXT_shader_image_load_store|GL_OES_shader_image_atomic
highp int imageAtomicCompSwap(volatile coherent iimage2D image, ivec2 P, highp int compare, highp int data);
highp uint imageAtomicCompSwap(volatile coherent uimage2D image, ivec2 P, highp uint compare, highp uint data);
highp int imageAtomicCompSwap(volatile coherent iimage3D image, ivec3 P, highp int compare, highp int data);
highp uint imageAtomicCompSwap(volatile coherent uimage3D image, ivec3 P, highp uint compare, highp uint data);
highp int imageAtomicCompSwap(volatile coherent iimageCube image, ivec3 P, highp int compare, highp int data);
highp uint imageAtomicCompSwap(volatile coherent uimageCube image, ivec3 P, highp uint compare, highp uint data);
highp int imageAtomicCompSwap(volatile coherent iimageBuffer image, int P, highp int compare, highp int data);
highp uint imageAtomicCompSwap(volatile coherent uimageBuffer image, int P, highp uint compare, highp uint data);
highp int imageAtomicCompSwap(volatile coherent iimage2DArray image, ivec3 P, highp int compare, highp int data);
highp uint imageAtomicCompSwap(volatile coherent uimage2DArray image, ivec3 P, highp uint compare, highp uint data);
highp int imageAtomicCompSwap(volatile coherent iimageCubeArray image, ivec3 P, highp int compare, highp int data);
highp uint imageAtomicCompSwap(volatile coherent uimageCubeArray image, ivec3 P, highp uint compare, highp uint data);

// ---- imageAtomicLoad
@ ext GL_KHR_memory_scope_semantics
highp int imageAtomicLoad(readonly volatile coherent iimage1D image, int P, const int scope, const int storage, const int sem);
highp uint imageAtomicLoad(readonly volatile coherent uimage1D image, int P, const int scope, const int storage, const int sem);
highp int imageAtomicLoad(readonly volatile coherent iimage2D image, ivec2 P, const int scope, const int storage, const int sem);
highp uint imageAtomicLoad(readonly volatile coherent uimage2D image, ivec2 P, const int scope, const int storage, const int sem);
highp int imageAtomicLoad(readonly volatile coherent iimage3D image, ivec3 P, const int scope, const int storage, const int sem);
highp uint imageAtomicLoad(readonly volatile coherent uimage3D image, ivec3 P, const int scope, const int storage, const int sem);
highp int imageAtomicLoad(readonly volatile coherent iimageCube image, ivec3 P, const int scope, const int storage, const int sem);
highp uint imageAtomicLoad(readonly volatile coherent uimageCube image, ivec3 P, const int scope, const int storage, const int sem);
highp int imageAtomicLoad(readonly volatile coherent iimage2DRect image, ivec2 P, const int scope, const int storage, const int sem);
highp uint imageAtomicLoad(readonly volatile coherent uimage2DRect image, ivec2 P, const int scope, const int storage, const int sem);
highp int imageAtomicLoad(readonly volatile coherent iimageBuffer image, int P, const int scope, const int storage, const int sem);
highp uint imageAtomicLoad(readonly volatile coherent uimageBuffer image, int P, const int scope, const int storage, const int sem);
highp int imageAtomicLoad(readonly volatile coherent iimage1DArray image, ivec2 P, const int scope, const int storage, const int sem);
highp uint imageAtomicLoad(readonly volatile coherent uimage1DArray image, ivec2 P, const int scope, const int storage, const int sem);
highp int imageAtomicLoad(readonly volatile coherent iimage2DArray image, ivec3 P, const int scope, const int storage, const int sem);
highp uint imageAtomicLoad(readonly volatile coherent uimage2DArray image, ivec3 P, const int scope, const int storage, const int sem);
highp int imageAtomicLoad(readonly volatile coherent iimageCubeArray image, ivec3 P, const int scope, const int storage, const int sem);
highp uint imageAtomicLoad(readonly volatile coherent uimageCubeArray image, ivec3 P, const int scope, const int storage, const int sem);
highp int imageAtomicLoad(readonly volatile coherent iimage2DMS image, ivec2 P, int sample, const int scope, const int storage, const int sem);
highp uint imageAtomicLoad(readonly volatile coherent uimage2DMS image, ivec2 P, int sample, const int scope, const int storage, const int sem);
highp int imageAtomicLoad(readonly volatile coherent iimage2DMSArray image, ivec3 P, int sample, const int scope, const int storage, const int sem);
highp uint imageAtomicLoad(readonly volatile coherent uimage2DMSArray image, ivec3 P, int sample, const int scope, const int storage, const int sem);
@ ext GL_EXT_shader_atomic_float|GL_KHR_memory_scope_semantics
float imageAtomicLoad(readonly volatile coherent image1D image, int P, const int scope, const int storage, const int sem);
float imageAtomicLoad(readonly volatile coherent image2D image, ivec2 P, const int scope, const int storage, const int sem);
float imageAtomicLoad(readonly volatile coherent image3D image, ivec3 P, const int scope, const int storage, const int sem);
float imageAtomicLoad(readonly volatile coherent imageCube image, ivec3 P, const int scope, const int storage, const int sem);
float imageAtomicLoad(readonly volatile coherent image2DRect image, ivec2 P, const int scope, const int storage, const int sem);
float imageAtomicLoad(readonly volatile coherent imageBuffer image, int P, const int scope, const int storage, const int sem);
float imageAtomicLoad(readonly volatile coherent image1DArray image, ivec2 P, const int scope, const int storage, const int sem);
float imageAtomicLoad(readonly volatile coherent image2DArray image, ivec3 P, const int scope, const int storage, const int sem);
float imageAtomicLoad(readonly volatile coherent imageCubeArray image, ivec3 P, const int scope, const int storage, const int sem);
float imageAtomicLoad(readonly volatile coherent image2DMS image, ivec2 P, int sample, const int scope, const int storage, const int sem);
float imageAtomicLoad(readonly volatile coherent image2DMSArray image, ivec3 P, int sample, const int scope, const int storage, const int sem);

// ---- imageAtomicStore
@ ext GL_KHR_memory_scope_semantics
void imageAtomicStore(writeonly volatile coherent iimage1D image, int P, highp int data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent uimage1D image, int P, highp uint data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent iimage2D image, ivec2 P, highp int data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent uimage2D image, ivec2 P, highp uint data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent iimage3D image, ivec3 P, highp int data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent uimage3D image, ivec3 P, highp uint data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent iimageCube image, ivec3 P, highp int data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent uimageCube image, ivec3 P, highp uint data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent iimage2DRect image, ivec2 P, highp int data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent uimage2DRect image, ivec2 P, highp uint data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent iimageBuffer image, int P, highp int data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent uimageBuffer image, int P, highp uint data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent iimage1DArray image, ivec2 P, highp int data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent uimage1DArray image, ivec2 P, highp uint data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent iimage2DArray image, ivec3 P, highp int data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent uimage2DArray image, ivec3 P, highp uint data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent iimageCubeArray image, ivec3 P, highp int data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent uimageCubeArray image, ivec3 P, highp uint data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent iimage2DMS image, ivec2 P, int sample, highp int data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent uimage2DMS image, ivec2 P, int sample, highp uint data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent iimage2DMSArray image, ivec3 P, int sample, highp int data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent uimage2DMSArray image, ivec3 P, int sample, highp uint data, const int scope, const int storage, const int sem);
@ ext GL_EXT_shader_atomic_float|GL_KHR_memory_scope_semantics
void imageAtomicStore(writeonly volatile coherent image1D image, int P, float data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent image2D image, ivec2 P, float data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent image3D image, ivec3 P, float data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent imageCube image, ivec3 P, float data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent image2DRect image, ivec2 P, float data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent imageBuffer image, int P, float data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent image1DArray image, ivec2 P, float data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent image2DArray image, ivec3 P, float data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent imageCubeArray image, ivec3 P, float data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent image2DMS image, ivec2 P, int sample, float data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent image2DMSArray image, ivec3 P, int sample, float data, const int scope, const int storage, const int sem);

// ---- imageLoadLodAMD
@ ext GL_AMD_shader_image_load_store_lod
gvec4 imageLoadLodAMD(readonly volatile coherent gimage1D image, int P, int lod);
gvec4 imageLoadLodAMD(readonly volatile coherent gimage2D image, ivec2 P, int lod);
gvec4 imageLoadLodAMD(readonly volatile coherent gimage3D image, ivec3 P, int lod);
gvec4 imageLoadLodAMD(readonly volatile coherent gimageCube image, ivec3 P, int lod);
gvec4 imageLoadLodAMD(readonly volatile coherent gimage1DArray image, ivec2 P, int lod);
gvec4 imageLoadLodAMD(readonly volatile coherent gimage2DArray image, ivec3 P, int lod);
gvec4 imageLoadLodAMD(readonly volatile coherent gimageCubeArray image, ivec3 P, int lod);

// ---- imageStoreLodAMD
@ ext GL_AMD_shader_image_load_store_lod
void imageStoreLodAMD(writeonly volatile coherent gimage1D image, int P, int lod, gvec4 data);
void imageStoreLodAMD(writeonly volatile coherent gimage2D image, ivec2 P, int lod, gvec4 data);
void imageStoreLodAMD(writeonly volatile coherent gimage3D image, ivec3 P, int lod, gvec4 data);
void imageStoreLodAMD(writeonly volatile coherent gimageCube image, ivec3 P, int lod, gvec4 data);
void imageStoreLodAMD(writeonly volatile coherent gimage1DArray image, ivec2 P, int lod, gvec4 data);
void imageStoreLodAMD(writeonly volatile coherent gimage2DArray image, ivec3 P, int lod, gvec4 data);
void imageStoreLodAMD(writeonly volatile coherent gimageCubeArray image, ivec3 P, int lod, gvec4 data);

// ---- sparseImageLoadARB
@ ext GL_ARB_sparse_texture2
int sparseImageLoadARB(readonly volatile coherent gimage2D image, ivec2 P, out gvec4 texel);
int sparseImageLoadARB(readonly volatile coherent gimage3D image, ivec3 P, out gvec4 texel);
int sparseImageLoadARB(readonly volatile coherent gimageCube image, ivec3 P, out gvec4 texel);
int sparseImageLoadARB(readonly volatile coherent gimage2DRect image, ivec2 P, out gvec4 texel);
int sparseImageLoadARB(readonly volatile coherent gimage2DArray image, ivec3 P, out gvec4 texel);
int sparseImageLoadARB(readonly volatile coherent gimageCubeArray image, ivec3 P, out gvec4 texel);
int sparseImageLoadARB(readonly volatile coherent gimage2DMS image, ivec2 P, int sample, out gvec4 texel);
int sparseImageLoadARB(readonly volatile coherent gimage2DMSArray image, ivec3 P, int sample, out gvec4 texel);

// ---- sparseImageLoadLodAMD
@ ext GL_AMD_shader_image_load_store_lod
int sparseImageLoadLodAMD(readonly volatile coherent gimage2D image, ivec2 P, int lod, out gvec4 texel);
int sparseImageLoadLodAMD(readonly volatile coherent gimage3D image, ivec3 P, int lod, out gvec4 texel);
int sparseImageLoadLodAMD(readonly volatile coherent gimageCube image, ivec3 P, int lod, out gvec4 texel);
int sparseImageLoadLodAMD(readonly volatile coherent gimage2DArray image, ivec3 P, int lod, out gvec4 texel);
int sparseImageLoadLodAMD(readonly volatile coherent gimageCubeArray image, ivec3 P, int lod, out gvec4 texel);

// ==== GL_EXT_shader_image_int64: i64image* / u64image* ==========================================

// ---- imageSize
@ ext GL_EXT_shader_image_int64
highp int imageSize(readonly writeonly volatile coherent i64image1D image);
highp ivec2 imageSize(readonly writeonly volatile coherent i64image2D image);
highp ivec3 imageSize(readonly writeonly volatile coherent i64image3D image);
highp ivec2 imageSize(readonly writeonly volatile coherent i64imageCube image);
highp ivec2 imageSize(readonly writeonly volatile coherent i64image2DRect image);
highp int imageSize(readonly writeonly volatile coherent i64imageBuffer image);
highp ivec2 imageSize(readonly writeonly volatile coherent i64image1DArray image);
highp ivec3 imageSize(readonly writeonly volatile coherent i64image2DArray image);
highp ivec3 imageSize(readonly writeonly volatile coherent i64imageCubeArray image);
highp ivec2 imageSize(readonly writeonly volatile coherent i64image2DMS image);
highp ivec3 imageSize(readonly writeonly volatile coherent i64image2DMSArray image);
highp int imageSize(readonly writeonly volatile coherent u64image1D image);
highp ivec2 imageSize(readonly writeonly volatile coherent u64image2D image);
highp ivec3 imageSize(readonly writeonly volatile coherent u64image3D image);
highp ivec2 imageSize(readonly writeonly volatile coherent u64imageCube image);
highp ivec2 imageSize(readonly writeonly volatile coherent u64image2DRect image);
highp int imageSize(readonly writeonly volatile coherent u64imageBuffer image);
highp ivec2 imageSize(readonly writeonly volatile coherent u64image1DArray image);
highp ivec3 imageSize(readonly writeonly volatile coherent u64image2DArray image);
highp ivec3 imageSize(readonly writeonly volatile coherent u64imageCubeArray image);
highp ivec2 imageSize(readonly writeonly volatile coherent u64image2DMS image);
highp ivec3 imageSize(readonly writeonly volatile coherent u64image2DMSArray image);

// ---- imageLoad
@ ext GL_EXT_shader_image_int64
i64vec4 imageLoad(readonly volatile coherent i64image1D image, int P);
i64vec4 imageLoad(readonly volatile coherent i64image2D image, ivec2 P);
i64vec4 imageLoad(readonly volatile coherent i64image3D image, ivec3 P);
i64vec4 imageLoad(readonly volatile coherent i64imageCube image, ivec3 P);
i64vec4 imageLoad(readonly volatile coherent i64image2DRect image, ivec2 P);
i64vec4 imageLoad(readonly volatile coherent i64imageBuffer image, int P);
i64vec4 imageLoad(readonly volatile coherent i64image1DArray image, ivec2 P);
i64vec4 imageLoad(readonly volatile coherent i64image2DArray image, ivec3 P);
i64vec4 imageLoad(readonly volatile coherent i64imageCubeArray image, ivec3 P);
i64vec4 imageLoad(readonly volatile coherent i64image2DMS image, ivec2 P, int sample);
i64vec4 imageLoad(readonly volatile coherent i64image2DMSArray image, ivec3 P, int sample);
u64vec4 imageLoad(readonly volatile coherent u64image1D image, int P);
u64vec4 imageLoad(readonly volatile coherent u64image2D image, ivec2 P);
u64vec4 imageLoad(readonly volatile coherent u64image3D image, ivec3 P);
u64vec4 imageLoad(readonly volatile coherent u64imageCube image, ivec3 P);
u64vec4 imageLoad(readonly volatile coherent u64image2DRect image, ivec2 P);
u64vec4 imageLoad(readonly volatile coherent u64imageBuffer image, int P);
u64vec4 imageLoad(readonly volatile coherent u64image1DArray image, ivec2 P);
u64vec4 imageLoad(readonly volatile coherent u64image2DArray image, ivec3 P);
u64vec4 imageLoad(readonly volatile coherent u64imageCubeArray image, ivec3 P);
u64vec4 imageLoad(readonly volatile coherent u64image2DMS image, ivec2 P, int sample);
u64vec4 imageLoad(readonly volatile coherent u64image2DMSArray image, ivec3 P, int sample);

// ---- imageStore
@ ext GL_EXT_shader_image_int64
void imageStore(writeonly volatile coherent i64image1D image, int P, i64vec4 data);
void imageStore(writeonly volatile coherent i64image2D image, ivec2 P, i64vec4 data);
void imageStore(writeonly volatile coherent i64image3D image, ivec3 P, i64vec4 data);
void imageStore(writeonly volatile coherent i64imageCube image, ivec3 P, i64vec4 data);
void imageStore(writeonly volatile coherent i64image2DRect image, ivec2 P, i64vec4 data);
void imageStore(writeonly volatile coherent i64imageBuffer image, int P, i64vec4 data);
void imageStore(writeonly volatile coherent i64image1DArray image, ivec2 P, i64vec4 data);
void imageStore(writeonly volatile coherent i64image2DArray image, ivec3 P, i64vec4 data);
void imageStore(writeonly volatile coherent i64imageCubeArray image, ivec3 P, i64vec4 data);
void imageStore(writeonly volatile coherent i64image2DMS image, ivec2 P, int sample, i64vec4 data);
void imageStore(writeonly volatile coherent i64image2DMSArray image, ivec3 P, int sample, i64vec4 data);
void imageStore(writeonly volatile coherent u64image1D image, int P, u64vec4 data);
void imageStore(writeonly volatile coherent u64image2D image, ivec2 P, u64vec4 data);
void imageStore(writeonly volatile coherent u64image3D image, ivec3 P, u64vec4 data);
void imageStore(writeonly volatile coherent u64imageCube image, ivec3 P, u64vec4 data);
void imageStore(writeonly volatile coherent u64image2DRect image, ivec2 P, u64vec4 data);
void imageStore(writeonly volatile coherent u64imageBuffer image, int P, u64vec4 data);
void imageStore(writeonly volatile coherent u64image1DArray image, ivec2 P, u64vec4 data);
void imageStore(writeonly volatile coherent u64image2DArray image, ivec3 P, u64vec4 data);
void imageStore(writeonly volatile coherent u64imageCubeArray image, ivec3 P, u64vec4 data);
void imageStore(writeonly volatile coherent u64image2DMS image, ivec2 P, int sample, u64vec4 data);
void imageStore(writeonly volatile coherent u64image2DMSArray image, ivec3 P, int sample, u64vec4 data);

// ---- imageSamples
@ ext GL_EXT_shader_image_int64
int imageSamples(readonly writeonly volatile coherent i64image2DMS image);
int imageSamples(readonly writeonly volatile coherent i64image2DMSArray image);
int imageSamples(readonly writeonly volatile coherent u64image2DMS image);
int imageSamples(readonly writeonly volatile coherent u64image2DMSArray image);

// ---- imageAtomicAdd
@ ext GL_EXT_shader_image_int64
highp int64_t imageAtomicAdd(volatile coherent i64image1D image, int P, highp int64_t data);
highp int64_t imageAtomicAdd(volatile coherent i64image2D image, ivec2 P, highp int64_t data);
highp int64_t imageAtomicAdd(volatile coherent i64image3D image, ivec3 P, highp int64_t data);
highp int64_t imageAtomicAdd(volatile coherent i64imageCube image, ivec3 P, highp int64_t data);
highp int64_t imageAtomicAdd(volatile coherent i64image2DRect image, ivec2 P, highp int64_t data);
highp int64_t imageAtomicAdd(volatile coherent i64imageBuffer image, int P, highp int64_t data);
highp int64_t imageAtomicAdd(volatile coherent i64image1DArray image, ivec2 P, highp int64_t data);
highp int64_t imageAtomicAdd(volatile coherent i64image2DArray image, ivec3 P, highp int64_t data);
highp int64_t imageAtomicAdd(volatile coherent i64imageCubeArray image, ivec3 P, highp int64_t data);
highp int64_t imageAtomicAdd(volatile coherent i64image2DMS image, ivec2 P, int sample, highp int64_t data);
highp int64_t imageAtomicAdd(volatile coherent i64image2DMSArray image, ivec3 P, int sample, highp int64_t data);
highp uint64_t imageAtomicAdd(volatile coherent u64image1D image, int P, highp uint64_t data);
highp uint64_t imageAtomicAdd(volatile coherent u64image2D image, ivec2 P, highp uint64_t data);
highp uint64_t imageAtomicAdd(volatile coherent u64image3D image, ivec3 P, highp uint64_t data);
highp uint64_t imageAtomicAdd(volatile coherent u64imageCube image, ivec3 P, highp uint64_t data);
highp uint64_t imageAtomicAdd(volatile coherent u64image2DRect image, ivec2 P, highp uint64_t data);
highp uint64_t imageAtomicAdd(volatile coherent u64imageBuffer image, int P, highp uint64_t data);
highp uint64_t imageAtomicAdd(volatile coherent u64image1DArray image, ivec2 P, highp uint64_t data);
highp uint64_t imageAtomicAdd(volatile coherent u64image2DArray image, ivec3 P, highp uint64_t data);
highp uint64_t imageAtomicAdd(volatile coherent u64imageCubeArray image, ivec3 P, highp uint64_t data);
highp uint64_t imageAtomicAdd(volatile coherent u64image2DMS image, ivec2 P, int sample, highp uint64_t data);
highp uint64_t imageAtomicAdd(volatile coherent u64image2DMSArray image, ivec3 P, int sample, highp uint64_t data);
@ ext GL_KHR_memory_scope_semantics
highp int64_t imageAtomicAdd(volatile coherent i64image1D image, int P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicAdd(volatile coherent i64image2D image, ivec2 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicAdd(volatile coherent i64image3D image, ivec3 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicAdd(volatile coherent i64imageCube image, ivec3 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicAdd(volatile coherent i64image2DRect image, ivec2 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicAdd(volatile coherent i64imageBuffer image, int P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicAdd(volatile coherent i64image1DArray image, ivec2 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicAdd(volatile coherent i64image2DArray image, ivec3 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicAdd(volatile coherent i64imageCubeArray image, ivec3 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicAdd(volatile coherent i64image2DMS image, ivec2 P, int sample, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicAdd(volatile coherent i64image2DMSArray image, ivec3 P, int sample, highp int64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicAdd(volatile coherent u64image1D image, int P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicAdd(volatile coherent u64image2D image, ivec2 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicAdd(volatile coherent u64image3D image, ivec3 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicAdd(volatile coherent u64imageCube image, ivec3 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicAdd(volatile coherent u64image2DRect image, ivec2 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicAdd(volatile coherent u64imageBuffer image, int P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicAdd(volatile coherent u64image1DArray image, ivec2 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicAdd(volatile coherent u64image2DArray image, ivec3 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicAdd(volatile coherent u64imageCubeArray image, ivec3 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicAdd(volatile coherent u64image2DMS image, ivec2 P, int sample, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicAdd(volatile coherent u64image2DMSArray image, ivec3 P, int sample, highp uint64_t data, const int scope, const int storage, const int sem);

// ---- imageAtomicMin
@ ext GL_EXT_shader_image_int64
highp int64_t imageAtomicMin(volatile coherent i64image1D image, int P, highp int64_t data);
highp int64_t imageAtomicMin(volatile coherent i64image2D image, ivec2 P, highp int64_t data);
highp int64_t imageAtomicMin(volatile coherent i64image3D image, ivec3 P, highp int64_t data);
highp int64_t imageAtomicMin(volatile coherent i64imageCube image, ivec3 P, highp int64_t data);
highp int64_t imageAtomicMin(volatile coherent i64image2DRect image, ivec2 P, highp int64_t data);
highp int64_t imageAtomicMin(volatile coherent i64imageBuffer image, int P, highp int64_t data);
highp int64_t imageAtomicMin(volatile coherent i64image1DArray image, ivec2 P, highp int64_t data);
highp int64_t imageAtomicMin(volatile coherent i64image2DArray image, ivec3 P, highp int64_t data);
highp int64_t imageAtomicMin(volatile coherent i64imageCubeArray image, ivec3 P, highp int64_t data);
highp int64_t imageAtomicMin(volatile coherent i64image2DMS image, ivec2 P, int sample, highp int64_t data);
highp int64_t imageAtomicMin(volatile coherent i64image2DMSArray image, ivec3 P, int sample, highp int64_t data);
highp uint64_t imageAtomicMin(volatile coherent u64image1D image, int P, highp uint64_t data);
highp uint64_t imageAtomicMin(volatile coherent u64image2D image, ivec2 P, highp uint64_t data);
highp uint64_t imageAtomicMin(volatile coherent u64image3D image, ivec3 P, highp uint64_t data);
highp uint64_t imageAtomicMin(volatile coherent u64imageCube image, ivec3 P, highp uint64_t data);
highp uint64_t imageAtomicMin(volatile coherent u64image2DRect image, ivec2 P, highp uint64_t data);
highp uint64_t imageAtomicMin(volatile coherent u64imageBuffer image, int P, highp uint64_t data);
highp uint64_t imageAtomicMin(volatile coherent u64image1DArray image, ivec2 P, highp uint64_t data);
highp uint64_t imageAtomicMin(volatile coherent u64image2DArray image, ivec3 P, highp uint64_t data);
highp uint64_t imageAtomicMin(volatile coherent u64imageCubeArray image, ivec3 P, highp uint64_t data);
highp uint64_t imageAtomicMin(volatile coherent u64image2DMS image, ivec2 P, int sample, highp uint64_t data);
highp uint64_t imageAtomicMin(volatile coherent u64image2DMSArray image, ivec3 P, int sample, highp uint64_t data);
@ ext GL_KHR_memory_scope_semantics
highp int64_t imageAtomicMin(volatile coherent i64image1D image, int P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicMin(volatile coherent i64image2D image, ivec2 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicMin(volatile coherent i64image3D image, ivec3 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicMin(volatile coherent i64imageCube image, ivec3 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicMin(volatile coherent i64image2DRect image, ivec2 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicMin(volatile coherent i64imageBuffer image, int P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicMin(volatile coherent i64image1DArray image, ivec2 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicMin(volatile coherent i64image2DArray image, ivec3 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicMin(volatile coherent i64imageCubeArray image, ivec3 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicMin(volatile coherent i64image2DMS image, ivec2 P, int sample, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicMin(volatile coherent i64image2DMSArray image, ivec3 P, int sample, highp int64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicMin(volatile coherent u64image1D image, int P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicMin(volatile coherent u64image2D image, ivec2 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicMin(volatile coherent u64image3D image, ivec3 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicMin(volatile coherent u64imageCube image, ivec3 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicMin(volatile coherent u64image2DRect image, ivec2 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicMin(volatile coherent u64imageBuffer image, int P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicMin(volatile coherent u64image1DArray image, ivec2 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicMin(volatile coherent u64image2DArray image, ivec3 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicMin(volatile coherent u64imageCubeArray image, ivec3 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicMin(volatile coherent u64image2DMS image, ivec2 P, int sample, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicMin(volatile coherent u64image2DMSArray image, ivec3 P, int sample, highp uint64_t data, const int scope, const int storage, const int sem);

// ---- imageAtomicMax
@ ext GL_EXT_shader_image_int64
highp int64_t imageAtomicMax(volatile coherent i64image1D image, int P, highp int64_t data);
highp int64_t imageAtomicMax(volatile coherent i64image2D image, ivec2 P, highp int64_t data);
highp int64_t imageAtomicMax(volatile coherent i64image3D image, ivec3 P, highp int64_t data);
highp int64_t imageAtomicMax(volatile coherent i64imageCube image, ivec3 P, highp int64_t data);
highp int64_t imageAtomicMax(volatile coherent i64image2DRect image, ivec2 P, highp int64_t data);
highp int64_t imageAtomicMax(volatile coherent i64imageBuffer image, int P, highp int64_t data);
highp int64_t imageAtomicMax(volatile coherent i64image1DArray image, ivec2 P, highp int64_t data);
highp int64_t imageAtomicMax(volatile coherent i64image2DArray image, ivec3 P, highp int64_t data);
highp int64_t imageAtomicMax(volatile coherent i64imageCubeArray image, ivec3 P, highp int64_t data);
highp int64_t imageAtomicMax(volatile coherent i64image2DMS image, ivec2 P, int sample, highp int64_t data);
highp int64_t imageAtomicMax(volatile coherent i64image2DMSArray image, ivec3 P, int sample, highp int64_t data);
highp uint64_t imageAtomicMax(volatile coherent u64image1D image, int P, highp uint64_t data);
highp uint64_t imageAtomicMax(volatile coherent u64image2D image, ivec2 P, highp uint64_t data);
highp uint64_t imageAtomicMax(volatile coherent u64image3D image, ivec3 P, highp uint64_t data);
highp uint64_t imageAtomicMax(volatile coherent u64imageCube image, ivec3 P, highp uint64_t data);
highp uint64_t imageAtomicMax(volatile coherent u64image2DRect image, ivec2 P, highp uint64_t data);
highp uint64_t imageAtomicMax(volatile coherent u64imageBuffer image, int P, highp uint64_t data);
highp uint64_t imageAtomicMax(volatile coherent u64image1DArray image, ivec2 P, highp uint64_t data);
highp uint64_t imageAtomicMax(volatile coherent u64image2DArray image, ivec3 P, highp uint64_t data);
highp uint64_t imageAtomicMax(volatile coherent u64imageCubeArray image, ivec3 P, highp uint64_t data);
highp uint64_t imageAtomicMax(volatile coherent u64image2DMS image, ivec2 P, int sample, highp uint64_t data);
highp uint64_t imageAtomicMax(volatile coherent u64image2DMSArray image, ivec3 P, int sample, highp uint64_t data);
@ ext GL_KHR_memory_scope_semantics
highp int64_t imageAtomicMax(volatile coherent i64image1D image, int P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicMax(volatile coherent i64image2D image, ivec2 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicMax(volatile coherent i64image3D image, ivec3 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicMax(volatile coherent i64imageCube image, ivec3 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicMax(volatile coherent i64image2DRect image, ivec2 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicMax(volatile coherent i64imageBuffer image, int P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicMax(volatile coherent i64image1DArray image, ivec2 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicMax(volatile coherent i64image2DArray image, ivec3 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicMax(volatile coherent i64imageCubeArray image, ivec3 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicMax(volatile coherent i64image2DMS image, ivec2 P, int sample, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicMax(volatile coherent i64image2DMSArray image, ivec3 P, int sample, highp int64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicMax(volatile coherent u64image1D image, int P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicMax(volatile coherent u64image2D image, ivec2 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicMax(volatile coherent u64image3D image, ivec3 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicMax(volatile coherent u64imageCube image, ivec3 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicMax(volatile coherent u64image2DRect image, ivec2 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicMax(volatile coherent u64imageBuffer image, int P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicMax(volatile coherent u64image1DArray image, ivec2 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicMax(volatile coherent u64image2DArray image, ivec3 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicMax(volatile coherent u64imageCubeArray image, ivec3 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicMax(volatile coherent u64image2DMS image, ivec2 P, int sample, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicMax(volatile coherent u64image2DMSArray image, ivec3 P, int sample, highp uint64_t data, const int scope, const int storage, const int sem);

// ---- imageAtomicAnd
@ ext GL_EXT_shader_image_int64
highp int64_t imageAtomicAnd(volatile coherent i64image1D image, int P, highp int64_t data);
highp int64_t imageAtomicAnd(volatile coherent i64image2D image, ivec2 P, highp int64_t data);
highp int64_t imageAtomicAnd(volatile coherent i64image3D image, ivec3 P, highp int64_t data);
highp int64_t imageAtomicAnd(volatile coherent i64imageCube image, ivec3 P, highp int64_t data);
highp int64_t imageAtomicAnd(volatile coherent i64image2DRect image, ivec2 P, highp int64_t data);
highp int64_t imageAtomicAnd(volatile coherent i64imageBuffer image, int P, highp int64_t data);
highp int64_t imageAtomicAnd(volatile coherent i64image1DArray image, ivec2 P, highp int64_t data);
highp int64_t imageAtomicAnd(volatile coherent i64image2DArray image, ivec3 P, highp int64_t data);
highp int64_t imageAtomicAnd(volatile coherent i64imageCubeArray image, ivec3 P, highp int64_t data);
highp int64_t imageAtomicAnd(volatile coherent i64image2DMS image, ivec2 P, int sample, highp int64_t data);
highp int64_t imageAtomicAnd(volatile coherent i64image2DMSArray image, ivec3 P, int sample, highp int64_t data);
highp uint64_t imageAtomicAnd(volatile coherent u64image1D image, int P, highp uint64_t data);
highp uint64_t imageAtomicAnd(volatile coherent u64image2D image, ivec2 P, highp uint64_t data);
highp uint64_t imageAtomicAnd(volatile coherent u64image3D image, ivec3 P, highp uint64_t data);
highp uint64_t imageAtomicAnd(volatile coherent u64imageCube image, ivec3 P, highp uint64_t data);
highp uint64_t imageAtomicAnd(volatile coherent u64image2DRect image, ivec2 P, highp uint64_t data);
highp uint64_t imageAtomicAnd(volatile coherent u64imageBuffer image, int P, highp uint64_t data);
highp uint64_t imageAtomicAnd(volatile coherent u64image1DArray image, ivec2 P, highp uint64_t data);
highp uint64_t imageAtomicAnd(volatile coherent u64image2DArray image, ivec3 P, highp uint64_t data);
highp uint64_t imageAtomicAnd(volatile coherent u64imageCubeArray image, ivec3 P, highp uint64_t data);
highp uint64_t imageAtomicAnd(volatile coherent u64image2DMS image, ivec2 P, int sample, highp uint64_t data);
highp uint64_t imageAtomicAnd(volatile coherent u64image2DMSArray image, ivec3 P, int sample, highp uint64_t data);
@ ext GL_KHR_memory_scope_semantics
highp int64_t imageAtomicAnd(volatile coherent i64image1D image, int P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicAnd(volatile coherent i64image2D image, ivec2 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicAnd(volatile coherent i64image3D image, ivec3 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicAnd(volatile coherent i64imageCube image, ivec3 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicAnd(volatile coherent i64image2DRect image, ivec2 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicAnd(volatile coherent i64imageBuffer image, int P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicAnd(volatile coherent i64image1DArray image, ivec2 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicAnd(volatile coherent i64image2DArray image, ivec3 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicAnd(volatile coherent i64imageCubeArray image, ivec3 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicAnd(volatile coherent i64image2DMS image, ivec2 P, int sample, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicAnd(volatile coherent i64image2DMSArray image, ivec3 P, int sample, highp int64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicAnd(volatile coherent u64image1D image, int P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicAnd(volatile coherent u64image2D image, ivec2 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicAnd(volatile coherent u64image3D image, ivec3 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicAnd(volatile coherent u64imageCube image, ivec3 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicAnd(volatile coherent u64image2DRect image, ivec2 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicAnd(volatile coherent u64imageBuffer image, int P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicAnd(volatile coherent u64image1DArray image, ivec2 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicAnd(volatile coherent u64image2DArray image, ivec3 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicAnd(volatile coherent u64imageCubeArray image, ivec3 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicAnd(volatile coherent u64image2DMS image, ivec2 P, int sample, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicAnd(volatile coherent u64image2DMSArray image, ivec3 P, int sample, highp uint64_t data, const int scope, const int storage, const int sem);

// ---- imageAtomicOr
@ ext GL_EXT_shader_image_int64
highp int64_t imageAtomicOr(volatile coherent i64image1D image, int P, highp int64_t data);
highp int64_t imageAtomicOr(volatile coherent i64image2D image, ivec2 P, highp int64_t data);
highp int64_t imageAtomicOr(volatile coherent i64image3D image, ivec3 P, highp int64_t data);
highp int64_t imageAtomicOr(volatile coherent i64imageCube image, ivec3 P, highp int64_t data);
highp int64_t imageAtomicOr(volatile coherent i64image2DRect image, ivec2 P, highp int64_t data);
highp int64_t imageAtomicOr(volatile coherent i64imageBuffer image, int P, highp int64_t data);
highp int64_t imageAtomicOr(volatile coherent i64image1DArray image, ivec2 P, highp int64_t data);
highp int64_t imageAtomicOr(volatile coherent i64image2DArray image, ivec3 P, highp int64_t data);
highp int64_t imageAtomicOr(volatile coherent i64imageCubeArray image, ivec3 P, highp int64_t data);
highp int64_t imageAtomicOr(volatile coherent i64image2DMS image, ivec2 P, int sample, highp int64_t data);
highp int64_t imageAtomicOr(volatile coherent i64image2DMSArray image, ivec3 P, int sample, highp int64_t data);
highp uint64_t imageAtomicOr(volatile coherent u64image1D image, int P, highp uint64_t data);
highp uint64_t imageAtomicOr(volatile coherent u64image2D image, ivec2 P, highp uint64_t data);
highp uint64_t imageAtomicOr(volatile coherent u64image3D image, ivec3 P, highp uint64_t data);
highp uint64_t imageAtomicOr(volatile coherent u64imageCube image, ivec3 P, highp uint64_t data);
highp uint64_t imageAtomicOr(volatile coherent u64image2DRect image, ivec2 P, highp uint64_t data);
highp uint64_t imageAtomicOr(volatile coherent u64imageBuffer image, int P, highp uint64_t data);
highp uint64_t imageAtomicOr(volatile coherent u64image1DArray image, ivec2 P, highp uint64_t data);
highp uint64_t imageAtomicOr(volatile coherent u64image2DArray image, ivec3 P, highp uint64_t data);
highp uint64_t imageAtomicOr(volatile coherent u64imageCubeArray image, ivec3 P, highp uint64_t data);
highp uint64_t imageAtomicOr(volatile coherent u64image2DMS image, ivec2 P, int sample, highp uint64_t data);
highp uint64_t imageAtomicOr(volatile coherent u64image2DMSArray image, ivec3 P, int sample, highp uint64_t data);
@ ext GL_KHR_memory_scope_semantics
highp int64_t imageAtomicOr(volatile coherent i64image1D image, int P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicOr(volatile coherent i64image2D image, ivec2 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicOr(volatile coherent i64image3D image, ivec3 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicOr(volatile coherent i64imageCube image, ivec3 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicOr(volatile coherent i64image2DRect image, ivec2 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicOr(volatile coherent i64imageBuffer image, int P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicOr(volatile coherent i64image1DArray image, ivec2 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicOr(volatile coherent i64image2DArray image, ivec3 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicOr(volatile coherent i64imageCubeArray image, ivec3 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicOr(volatile coherent i64image2DMS image, ivec2 P, int sample, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicOr(volatile coherent i64image2DMSArray image, ivec3 P, int sample, highp int64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicOr(volatile coherent u64image1D image, int P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicOr(volatile coherent u64image2D image, ivec2 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicOr(volatile coherent u64image3D image, ivec3 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicOr(volatile coherent u64imageCube image, ivec3 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicOr(volatile coherent u64image2DRect image, ivec2 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicOr(volatile coherent u64imageBuffer image, int P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicOr(volatile coherent u64image1DArray image, ivec2 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicOr(volatile coherent u64image2DArray image, ivec3 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicOr(volatile coherent u64imageCubeArray image, ivec3 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicOr(volatile coherent u64image2DMS image, ivec2 P, int sample, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicOr(volatile coherent u64image2DMSArray image, ivec3 P, int sample, highp uint64_t data, const int scope, const int storage, const int sem);

// ---- imageAtomicXor
@ ext GL_EXT_shader_image_int64
highp int64_t imageAtomicXor(volatile coherent i64image1D image, int P, highp int64_t data);
highp int64_t imageAtomicXor(volatile coherent i64image2D image, ivec2 P, highp int64_t data);
highp int64_t imageAtomicXor(volatile coherent i64image3D image, ivec3 P, highp int64_t data);
highp int64_t imageAtomicXor(volatile coherent i64imageCube image, ivec3 P, highp int64_t data);
highp int64_t imageAtomicXor(volatile coherent i64image2DRect image, ivec2 P, highp int64_t data);
highp int64_t imageAtomicXor(volatile coherent i64imageBuffer image, int P, highp int64_t data);
highp int64_t imageAtomicXor(volatile coherent i64image1DArray image, ivec2 P, highp int64_t data);
highp int64_t imageAtomicXor(volatile coherent i64image2DArray image, ivec3 P, highp int64_t data);
highp int64_t imageAtomicXor(volatile coherent i64imageCubeArray image, ivec3 P, highp int64_t data);
highp int64_t imageAtomicXor(volatile coherent i64image2DMS image, ivec2 P, int sample, highp int64_t data);
highp int64_t imageAtomicXor(volatile coherent i64image2DMSArray image, ivec3 P, int sample, highp int64_t data);
highp uint64_t imageAtomicXor(volatile coherent u64image1D image, int P, highp uint64_t data);
highp uint64_t imageAtomicXor(volatile coherent u64image2D image, ivec2 P, highp uint64_t data);
highp uint64_t imageAtomicXor(volatile coherent u64image3D image, ivec3 P, highp uint64_t data);
highp uint64_t imageAtomicXor(volatile coherent u64imageCube image, ivec3 P, highp uint64_t data);
highp uint64_t imageAtomicXor(volatile coherent u64image2DRect image, ivec2 P, highp uint64_t data);
highp uint64_t imageAtomicXor(volatile coherent u64imageBuffer image, int P, highp uint64_t data);
highp uint64_t imageAtomicXor(volatile coherent u64image1DArray image, ivec2 P, highp uint64_t data);
highp uint64_t imageAtomicXor(volatile coherent u64image2DArray image, ivec3 P, highp uint64_t data);
highp uint64_t imageAtomicXor(volatile coherent u64imageCubeArray image, ivec3 P, highp uint64_t data);
highp uint64_t imageAtomicXor(volatile coherent u64image2DMS image, ivec2 P, int sample, highp uint64_t data);
highp uint64_t imageAtomicXor(volatile coherent u64image2DMSArray image, ivec3 P, int sample, highp uint64_t data);
@ ext GL_KHR_memory_scope_semantics
highp int64_t imageAtomicXor(volatile coherent i64image1D image, int P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicXor(volatile coherent i64image2D image, ivec2 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicXor(volatile coherent i64image3D image, ivec3 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicXor(volatile coherent i64imageCube image, ivec3 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicXor(volatile coherent i64image2DRect image, ivec2 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicXor(volatile coherent i64imageBuffer image, int P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicXor(volatile coherent i64image1DArray image, ivec2 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicXor(volatile coherent i64image2DArray image, ivec3 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicXor(volatile coherent i64imageCubeArray image, ivec3 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicXor(volatile coherent i64image2DMS image, ivec2 P, int sample, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicXor(volatile coherent i64image2DMSArray image, ivec3 P, int sample, highp int64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicXor(volatile coherent u64image1D image, int P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicXor(volatile coherent u64image2D image, ivec2 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicXor(volatile coherent u64image3D image, ivec3 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicXor(volatile coherent u64imageCube image, ivec3 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicXor(volatile coherent u64image2DRect image, ivec2 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicXor(volatile coherent u64imageBuffer image, int P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicXor(volatile coherent u64image1DArray image, ivec2 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicXor(volatile coherent u64image2DArray image, ivec3 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicXor(volatile coherent u64imageCubeArray image, ivec3 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicXor(volatile coherent u64image2DMS image, ivec2 P, int sample, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicXor(volatile coherent u64image2DMSArray image, ivec3 P, int sample, highp uint64_t data, const int scope, const int storage, const int sem);

// ---- imageAtomicExchange
@ ext GL_EXT_shader_image_int64
highp int64_t imageAtomicExchange(volatile coherent i64image1D image, int P, highp int64_t data);
highp int64_t imageAtomicExchange(volatile coherent i64image2D image, ivec2 P, highp int64_t data);
highp int64_t imageAtomicExchange(volatile coherent i64image3D image, ivec3 P, highp int64_t data);
highp int64_t imageAtomicExchange(volatile coherent i64imageCube image, ivec3 P, highp int64_t data);
highp int64_t imageAtomicExchange(volatile coherent i64image2DRect image, ivec2 P, highp int64_t data);
highp int64_t imageAtomicExchange(volatile coherent i64imageBuffer image, int P, highp int64_t data);
highp int64_t imageAtomicExchange(volatile coherent i64image1DArray image, ivec2 P, highp int64_t data);
highp int64_t imageAtomicExchange(volatile coherent i64image2DArray image, ivec3 P, highp int64_t data);
highp int64_t imageAtomicExchange(volatile coherent i64imageCubeArray image, ivec3 P, highp int64_t data);
highp int64_t imageAtomicExchange(volatile coherent i64image2DMS image, ivec2 P, int sample, highp int64_t data);
highp int64_t imageAtomicExchange(volatile coherent i64image2DMSArray image, ivec3 P, int sample, highp int64_t data);
highp uint64_t imageAtomicExchange(volatile coherent u64image1D image, int P, highp uint64_t data);
highp uint64_t imageAtomicExchange(volatile coherent u64image2D image, ivec2 P, highp uint64_t data);
highp uint64_t imageAtomicExchange(volatile coherent u64image3D image, ivec3 P, highp uint64_t data);
highp uint64_t imageAtomicExchange(volatile coherent u64imageCube image, ivec3 P, highp uint64_t data);
highp uint64_t imageAtomicExchange(volatile coherent u64image2DRect image, ivec2 P, highp uint64_t data);
highp uint64_t imageAtomicExchange(volatile coherent u64imageBuffer image, int P, highp uint64_t data);
highp uint64_t imageAtomicExchange(volatile coherent u64image1DArray image, ivec2 P, highp uint64_t data);
highp uint64_t imageAtomicExchange(volatile coherent u64image2DArray image, ivec3 P, highp uint64_t data);
highp uint64_t imageAtomicExchange(volatile coherent u64imageCubeArray image, ivec3 P, highp uint64_t data);
highp uint64_t imageAtomicExchange(volatile coherent u64image2DMS image, ivec2 P, int sample, highp uint64_t data);
highp uint64_t imageAtomicExchange(volatile coherent u64image2DMSArray image, ivec3 P, int sample, highp uint64_t data);
@ ext GL_KHR_memory_scope_semantics
highp int64_t imageAtomicExchange(volatile coherent i64image1D image, int P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicExchange(volatile coherent i64image2D image, ivec2 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicExchange(volatile coherent i64image3D image, ivec3 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicExchange(volatile coherent i64imageCube image, ivec3 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicExchange(volatile coherent i64image2DRect image, ivec2 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicExchange(volatile coherent i64imageBuffer image, int P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicExchange(volatile coherent i64image1DArray image, ivec2 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicExchange(volatile coherent i64image2DArray image, ivec3 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicExchange(volatile coherent i64imageCubeArray image, ivec3 P, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicExchange(volatile coherent i64image2DMS image, ivec2 P, int sample, highp int64_t data, const int scope, const int storage, const int sem);
highp int64_t imageAtomicExchange(volatile coherent i64image2DMSArray image, ivec3 P, int sample, highp int64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicExchange(volatile coherent u64image1D image, int P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicExchange(volatile coherent u64image2D image, ivec2 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicExchange(volatile coherent u64image3D image, ivec3 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicExchange(volatile coherent u64imageCube image, ivec3 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicExchange(volatile coherent u64image2DRect image, ivec2 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicExchange(volatile coherent u64imageBuffer image, int P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicExchange(volatile coherent u64image1DArray image, ivec2 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicExchange(volatile coherent u64image2DArray image, ivec3 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicExchange(volatile coherent u64imageCubeArray image, ivec3 P, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicExchange(volatile coherent u64image2DMS image, ivec2 P, int sample, highp uint64_t data, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicExchange(volatile coherent u64image2DMSArray image, ivec3 P, int sample, highp uint64_t data, const int scope, const int storage, const int sem);

// ---- imageAtomicCompSwap
@ ext GL_EXT_shader_image_int64
highp int64_t imageAtomicCompSwap(volatile coherent i64image1D image, int P, highp int64_t compare, highp int64_t data);
highp int64_t imageAtomicCompSwap(volatile coherent i64image2D image, ivec2 P, highp int64_t compare, highp int64_t data);
highp int64_t imageAtomicCompSwap(volatile coherent i64image3D image, ivec3 P, highp int64_t compare, highp int64_t data);
highp int64_t imageAtomicCompSwap(volatile coherent i64imageCube image, ivec3 P, highp int64_t compare, highp int64_t data);
highp int64_t imageAtomicCompSwap(volatile coherent i64image2DRect image, ivec2 P, highp int64_t compare, highp int64_t data);
highp int64_t imageAtomicCompSwap(volatile coherent i64imageBuffer image, int P, highp int64_t compare, highp int64_t data);
highp int64_t imageAtomicCompSwap(volatile coherent i64image1DArray image, ivec2 P, highp int64_t compare, highp int64_t data);
highp int64_t imageAtomicCompSwap(volatile coherent i64image2DArray image, ivec3 P, highp int64_t compare, highp int64_t data);
highp int64_t imageAtomicCompSwap(volatile coherent i64imageCubeArray image, ivec3 P, highp int64_t compare, highp int64_t data);
highp int64_t imageAtomicCompSwap(volatile coherent i64image2DMS image, ivec2 P, int sample, highp int64_t compare, highp int64_t data);
highp int64_t imageAtomicCompSwap(volatile coherent i64image2DMSArray image, ivec3 P, int sample, highp int64_t compare, highp int64_t data);
highp uint64_t imageAtomicCompSwap(volatile coherent u64image1D image, int P, highp uint64_t compare, highp uint64_t data);
highp uint64_t imageAtomicCompSwap(volatile coherent u64image2D image, ivec2 P, highp uint64_t compare, highp uint64_t data);
highp uint64_t imageAtomicCompSwap(volatile coherent u64image3D image, ivec3 P, highp uint64_t compare, highp uint64_t data);
highp uint64_t imageAtomicCompSwap(volatile coherent u64imageCube image, ivec3 P, highp uint64_t compare, highp uint64_t data);
highp uint64_t imageAtomicCompSwap(volatile coherent u64image2DRect image, ivec2 P, highp uint64_t compare, highp uint64_t data);
highp uint64_t imageAtomicCompSwap(volatile coherent u64imageBuffer image, int P, highp uint64_t compare, highp uint64_t data);
highp uint64_t imageAtomicCompSwap(volatile coherent u64image1DArray image, ivec2 P, highp uint64_t compare, highp uint64_t data);
highp uint64_t imageAtomicCompSwap(volatile coherent u64image2DArray image, ivec3 P, highp uint64_t compare, highp uint64_t data);
highp uint64_t imageAtomicCompSwap(volatile coherent u64imageCubeArray image, ivec3 P, highp uint64_t compare, highp uint64_t data);
highp uint64_t imageAtomicCompSwap(volatile coherent u64image2DMS image, ivec2 P, int sample, highp uint64_t compare, highp uint64_t data);
highp uint64_t imageAtomicCompSwap(volatile coherent u64image2DMSArray image, ivec3 P, int sample, highp uint64_t compare, highp uint64_t data);
@ ext GL_KHR_memory_scope_semantics
highp int64_t imageAtomicCompSwap(volatile coherent i64image1D image, int P, highp int64_t compare, highp int64_t data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);
highp int64_t imageAtomicCompSwap(volatile coherent i64image2D image, ivec2 P, highp int64_t compare, highp int64_t data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);
highp int64_t imageAtomicCompSwap(volatile coherent i64image3D image, ivec3 P, highp int64_t compare, highp int64_t data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);
highp int64_t imageAtomicCompSwap(volatile coherent i64imageCube image, ivec3 P, highp int64_t compare, highp int64_t data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);
highp int64_t imageAtomicCompSwap(volatile coherent i64image2DRect image, ivec2 P, highp int64_t compare, highp int64_t data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);
highp int64_t imageAtomicCompSwap(volatile coherent i64imageBuffer image, int P, highp int64_t compare, highp int64_t data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);
highp int64_t imageAtomicCompSwap(volatile coherent i64image1DArray image, ivec2 P, highp int64_t compare, highp int64_t data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);
highp int64_t imageAtomicCompSwap(volatile coherent i64image2DArray image, ivec3 P, highp int64_t compare, highp int64_t data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);
highp int64_t imageAtomicCompSwap(volatile coherent i64imageCubeArray image, ivec3 P, highp int64_t compare, highp int64_t data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);
highp int64_t imageAtomicCompSwap(volatile coherent i64image2DMS image, ivec2 P, int sample, highp int64_t compare, highp int64_t data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);
highp int64_t imageAtomicCompSwap(volatile coherent i64image2DMSArray image, ivec3 P, int sample, highp int64_t compare, highp int64_t data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);
highp uint64_t imageAtomicCompSwap(volatile coherent u64image1D image, int P, highp uint64_t compare, highp uint64_t data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);
highp uint64_t imageAtomicCompSwap(volatile coherent u64image2D image, ivec2 P, highp uint64_t compare, highp uint64_t data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);
highp uint64_t imageAtomicCompSwap(volatile coherent u64image3D image, ivec3 P, highp uint64_t compare, highp uint64_t data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);
highp uint64_t imageAtomicCompSwap(volatile coherent u64imageCube image, ivec3 P, highp uint64_t compare, highp uint64_t data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);
highp uint64_t imageAtomicCompSwap(volatile coherent u64image2DRect image, ivec2 P, highp uint64_t compare, highp uint64_t data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);
highp uint64_t imageAtomicCompSwap(volatile coherent u64imageBuffer image, int P, highp uint64_t compare, highp uint64_t data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);
highp uint64_t imageAtomicCompSwap(volatile coherent u64image1DArray image, ivec2 P, highp uint64_t compare, highp uint64_t data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);
highp uint64_t imageAtomicCompSwap(volatile coherent u64image2DArray image, ivec3 P, highp uint64_t compare, highp uint64_t data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);
highp uint64_t imageAtomicCompSwap(volatile coherent u64imageCubeArray image, ivec3 P, highp uint64_t compare, highp uint64_t data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);
highp uint64_t imageAtomicCompSwap(volatile coherent u64image2DMS image, ivec2 P, int sample, highp uint64_t compare, highp uint64_t data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);
highp uint64_t imageAtomicCompSwap(volatile coherent u64image2DMSArray image, ivec3 P, int sample, highp uint64_t compare, highp uint64_t data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);

// ---- imageAtomicLoad
@ ext GL_KHR_memory_scope_semantics
highp int64_t imageAtomicLoad(readonly volatile coherent i64image1D image, int P, const int scope, const int storage, const int sem);
highp int64_t imageAtomicLoad(readonly volatile coherent i64image2D image, ivec2 P, const int scope, const int storage, const int sem);
highp int64_t imageAtomicLoad(readonly volatile coherent i64image3D image, ivec3 P, const int scope, const int storage, const int sem);
highp int64_t imageAtomicLoad(readonly volatile coherent i64imageCube image, ivec3 P, const int scope, const int storage, const int sem);
highp int64_t imageAtomicLoad(readonly volatile coherent i64image2DRect image, ivec2 P, const int scope, const int storage, const int sem);
highp int64_t imageAtomicLoad(readonly volatile coherent i64imageBuffer image, int P, const int scope, const int storage, const int sem);
highp int64_t imageAtomicLoad(readonly volatile coherent i64image1DArray image, ivec2 P, const int scope, const int storage, const int sem);
highp int64_t imageAtomicLoad(readonly volatile coherent i64image2DArray image, ivec3 P, const int scope, const int storage, const int sem);
highp int64_t imageAtomicLoad(readonly volatile coherent i64imageCubeArray image, ivec3 P, const int scope, const int storage, const int sem);
highp int64_t imageAtomicLoad(readonly volatile coherent i64image2DMS image, ivec2 P, int sample, const int scope, const int storage, const int sem);
highp int64_t imageAtomicLoad(readonly volatile coherent i64image2DMSArray image, ivec3 P, int sample, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicLoad(readonly volatile coherent u64image1D image, int P, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicLoad(readonly volatile coherent u64image2D image, ivec2 P, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicLoad(readonly volatile coherent u64image3D image, ivec3 P, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicLoad(readonly volatile coherent u64imageCube image, ivec3 P, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicLoad(readonly volatile coherent u64image2DRect image, ivec2 P, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicLoad(readonly volatile coherent u64imageBuffer image, int P, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicLoad(readonly volatile coherent u64image1DArray image, ivec2 P, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicLoad(readonly volatile coherent u64image2DArray image, ivec3 P, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicLoad(readonly volatile coherent u64imageCubeArray image, ivec3 P, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicLoad(readonly volatile coherent u64image2DMS image, ivec2 P, int sample, const int scope, const int storage, const int sem);
highp uint64_t imageAtomicLoad(readonly volatile coherent u64image2DMSArray image, ivec3 P, int sample, const int scope, const int storage, const int sem);

// ---- imageAtomicStore
@ ext GL_KHR_memory_scope_semantics
void imageAtomicStore(writeonly volatile coherent i64image1D image, int P, highp int64_t data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent i64image2D image, ivec2 P, highp int64_t data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent i64image3D image, ivec3 P, highp int64_t data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent i64imageCube image, ivec3 P, highp int64_t data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent i64image2DRect image, ivec2 P, highp int64_t data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent i64imageBuffer image, int P, highp int64_t data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent i64image1DArray image, ivec2 P, highp int64_t data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent i64image2DArray image, ivec3 P, highp int64_t data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent i64imageCubeArray image, ivec3 P, highp int64_t data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent i64image2DMS image, ivec2 P, int sample, highp int64_t data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent i64image2DMSArray image, ivec3 P, int sample, highp int64_t data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent u64image1D image, int P, highp uint64_t data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent u64image2D image, ivec2 P, highp uint64_t data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent u64image3D image, ivec3 P, highp uint64_t data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent u64imageCube image, ivec3 P, highp uint64_t data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent u64image2DRect image, ivec2 P, highp uint64_t data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent u64imageBuffer image, int P, highp uint64_t data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent u64image1DArray image, ivec2 P, highp uint64_t data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent u64image2DArray image, ivec3 P, highp uint64_t data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent u64imageCubeArray image, ivec3 P, highp uint64_t data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent u64image2DMS image, ivec2 P, int sample, highp uint64_t data, const int scope, const int storage, const int sem);
void imageAtomicStore(writeonly volatile coherent u64image2DMSArray image, ivec3 P, int sample, highp uint64_t data, const int scope, const int storage, const int sem);

// ---- imageLoadLodAMD
@ ext GL_AMD_shader_image_load_store_lod
i64vec4 imageLoadLodAMD(readonly volatile coherent i64image1D image, int P, int lod);
i64vec4 imageLoadLodAMD(readonly volatile coherent i64image2D image, ivec2 P, int lod);
i64vec4 imageLoadLodAMD(readonly volatile coherent i64image3D image, ivec3 P, int lod);
i64vec4 imageLoadLodAMD(readonly volatile coherent i64imageCube image, ivec3 P, int lod);
i64vec4 imageLoadLodAMD(readonly volatile coherent i64image1DArray image, ivec2 P, int lod);
i64vec4 imageLoadLodAMD(readonly volatile coherent i64image2DArray image, ivec3 P, int lod);
i64vec4 imageLoadLodAMD(readonly volatile coherent i64imageCubeArray image, ivec3 P, int lod);
u64vec4 imageLoadLodAMD(readonly volatile coherent u64image1D image, int P, int lod);
u64vec4 imageLoadLodAMD(readonly volatile coherent u64image2D image, ivec2 P, int lod);
u64vec4 imageLoadLodAMD(readonly volatile coherent u64image3D image, ivec3 P, int lod);
u64vec4 imageLoadLodAMD(readonly volatile coherent u64imageCube image, ivec3 P, int lod);
u64vec4 imageLoadLodAMD(readonly volatile coherent u64image1DArray image, ivec2 P, int lod);
u64vec4 imageLoadLodAMD(readonly volatile coherent u64image2DArray image, ivec3 P, int lod);
u64vec4 imageLoadLodAMD(readonly volatile coherent u64imageCubeArray image, ivec3 P, int lod);

// ---- imageStoreLodAMD
@ ext GL_AMD_shader_image_load_store_lod
void imageStoreLodAMD(writeonly volatile coherent i64image1D image, int P, int lod, i64vec4 data);
void imageStoreLodAMD(writeonly volatile coherent i64image2D image, ivec2 P, int lod, i64vec4 data);
void imageStoreLodAMD(writeonly volatile coherent i64image3D image, ivec3 P, int lod, i64vec4 data);
void imageStoreLodAMD(writeonly volatile coherent i64imageCube image, ivec3 P, int lod, i64vec4 data);
void imageStoreLodAMD(writeonly volatile coherent i64image1DArray image, ivec2 P, int lod, i64vec4 data);
void imageStoreLodAMD(writeonly volatile coherent i64image2DArray image, ivec3 P, int lod, i64vec4 data);
void imageStoreLodAMD(writeonly volatile coherent i64imageCubeArray image, ivec3 P, int lod, i64vec4 data);
void imageStoreLodAMD(writeonly volatile coherent u64image1D image, int P, int lod, u64vec4 data);
void imageStoreLodAMD(writeonly volatile coherent u64image2D image, ivec2 P, int lod, u64vec4 data);
void imageStoreLodAMD(writeonly volatile coherent u64image3D image, ivec3 P, int lod, u64vec4 data);
void imageStoreLodAMD(writeonly volatile coherent u64imageCube image, ivec3 P, int lod, u64vec4 data);
void imageStoreLodAMD(writeonly volatile coherent u64image1DArray image, ivec2 P, int lod, u64vec4 data);
void imageStoreLodAMD(writeonly volatile coherent u64image2DArray image, ivec3 P, int lod, u64vec4 data);
void imageStoreLodAMD(writeonly volatile coherent u64imageCubeArray image, ivec3 P, int lod, u64vec4 data);

// ---- sparseImageLoadARB
@ ext GL_ARB_sparse_texture2
int sparseImageLoadARB(readonly volatile coherent i64image2D image, ivec2 P, out i64vec4 texel);
int sparseImageLoadARB(readonly volatile coherent i64image3D image, ivec3 P, out i64vec4 texel);
int sparseImageLoadARB(readonly volatile coherent i64imageCube image, ivec3 P, out i64vec4 texel);
int sparseImageLoadARB(readonly volatile coherent i64image2DRect image, ivec2 P, out i64vec4 texel);
int sparseImageLoadARB(readonly volatile coherent i64image2DArray image, ivec3 P, out i64vec4 texel);
int sparseImageLoadARB(readonly volatile coherent i64imageCubeArray image, ivec3 P, out i64vec4 texel);
int sparseImageLoadARB(readonly volatile coherent i64image2DMS image, ivec2 P, int sample, out i64vec4 texel);
int sparseImageLoadARB(readonly volatile coherent i64image2DMSArray image, ivec3 P, int sample, out i64vec4 texel);
int sparseImageLoadARB(readonly volatile coherent u64image2D image, ivec2 P, out u64vec4 texel);
int sparseImageLoadARB(readonly volatile coherent u64image3D image, ivec3 P, out u64vec4 texel);
int sparseImageLoadARB(readonly volatile coherent u64imageCube image, ivec3 P, out u64vec4 texel);
int sparseImageLoadARB(readonly volatile coherent u64image2DRect image, ivec2 P, out u64vec4 texel);
int sparseImageLoadARB(readonly volatile coherent u64image2DArray image, ivec3 P, out u64vec4 texel);
int sparseImageLoadARB(readonly volatile coherent u64imageCubeArray image, ivec3 P, out u64vec4 texel);
int sparseImageLoadARB(readonly volatile coherent u64image2DMS image, ivec2 P, int sample, out u64vec4 texel);
int sparseImageLoadARB(readonly volatile coherent u64image2DMSArray image, ivec3 P, int sample, out u64vec4 texel);

// ---- sparseImageLoadLodAMD
@ ext GL_AMD_shader_image_load_store_lod
int sparseImageLoadLodAMD(readonly volatile coherent i64image2D image, ivec2 P, int lod, out i64vec4 texel);
int sparseImageLoadLodAMD(readonly volatile coherent i64image3D image, ivec3 P, int lod, out i64vec4 texel);
int sparseImageLoadLodAMD(readonly volatile coherent i64imageCube image, ivec3 P, int lod, out i64vec4 texel);
int sparseImageLoadLodAMD(readonly volatile coherent i64image2DArray image, ivec3 P, int lod, out i64vec4 texel);
int sparseImageLoadLodAMD(readonly volatile coherent i64imageCubeArray image, ivec3 P, int lod, out i64vec4 texel);
int sparseImageLoadLodAMD(readonly volatile coherent u64image2D image, ivec2 P, int lod, out u64vec4 texel);
int sparseImageLoadLodAMD(readonly volatile coherent u64image3D image, ivec3 P, int lod, out u64vec4 texel);
int sparseImageLoadLodAMD(readonly volatile coherent u64imageCube image, ivec3 P, int lod, out u64vec4 texel);
int sparseImageLoadLodAMD(readonly volatile coherent u64image2DArray image, ivec3 P, int lod, out u64vec4 texel);
int sparseImageLoadLodAMD(readonly volatile coherent u64imageCubeArray image, ivec3 P, int lod, out u64vec4 texel);

// ==== GL_AMD_gpu_shader_half_float_fetch: f16 images ============================================

// ---- imageSize
@ gl 450
highp int imageSize(readonly writeonly volatile coherent f16image1D image);
highp ivec2 imageSize(readonly writeonly volatile coherent f16image2D image);
highp ivec3 imageSize(readonly writeonly volatile coherent f16image3D image);
highp ivec2 imageSize(readonly writeonly volatile coherent f16imageCube image);
highp ivec2 imageSize(readonly writeonly volatile coherent f16image2DRect image);
highp int imageSize(readonly writeonly volatile coherent f16imageBuffer image);
highp ivec2 imageSize(readonly writeonly volatile coherent f16image1DArray image);
highp ivec3 imageSize(readonly writeonly volatile coherent f16image2DArray image);
highp ivec3 imageSize(readonly writeonly volatile coherent f16imageCubeArray image);
highp ivec2 imageSize(readonly writeonly volatile coherent f16image2DMS image);
highp ivec3 imageSize(readonly writeonly volatile coherent f16image2DMSArray image);

// ---- imageLoad
@ gl 450
f16vec4 imageLoad(readonly volatile coherent f16image1D image, int P);
f16vec4 imageLoad(readonly volatile coherent f16image2D image, ivec2 P);
f16vec4 imageLoad(readonly volatile coherent f16image3D image, ivec3 P);
f16vec4 imageLoad(readonly volatile coherent f16imageCube image, ivec3 P);
f16vec4 imageLoad(readonly volatile coherent f16image2DRect image, ivec2 P);
f16vec4 imageLoad(readonly volatile coherent f16imageBuffer image, int P);
f16vec4 imageLoad(readonly volatile coherent f16image1DArray image, ivec2 P);
f16vec4 imageLoad(readonly volatile coherent f16image2DArray image, ivec3 P);
f16vec4 imageLoad(readonly volatile coherent f16imageCubeArray image, ivec3 P);
f16vec4 imageLoad(readonly volatile coherent f16image2DMS image, ivec2 P, int sample);
f16vec4 imageLoad(readonly volatile coherent f16image2DMSArray image, ivec3 P, int sample);

// ---- imageStore
@ gl 450
void imageStore(writeonly volatile coherent f16image1D image, int P, f16vec4 data);
void imageStore(writeonly volatile coherent f16image2D image, ivec2 P, f16vec4 data);
void imageStore(writeonly volatile coherent f16image3D image, ivec3 P, f16vec4 data);
void imageStore(writeonly volatile coherent f16imageCube image, ivec3 P, f16vec4 data);
void imageStore(writeonly volatile coherent f16image2DRect image, ivec2 P, f16vec4 data);
void imageStore(writeonly volatile coherent f16imageBuffer image, int P, f16vec4 data);
void imageStore(writeonly volatile coherent f16image1DArray image, ivec2 P, f16vec4 data);
void imageStore(writeonly volatile coherent f16image2DArray image, ivec3 P, f16vec4 data);
void imageStore(writeonly volatile coherent f16imageCubeArray image, ivec3 P, f16vec4 data);
void imageStore(writeonly volatile coherent f16image2DMS image, ivec2 P, int sample, f16vec4 data);
void imageStore(writeonly volatile coherent f16image2DMSArray image, ivec3 P, int sample, f16vec4 data);

// ---- imageSamples
@ gl 450
int imageSamples(readonly writeonly volatile coherent f16image2DMS image);
int imageSamples(readonly writeonly volatile coherent f16image2DMSArray image);

// ---- imageLoadLodAMD
@ ext GL_AMD_shader_image_load_store_lod
f16vec4 imageLoadLodAMD(readonly volatile coherent f16image1D image, int P, int lod);
f16vec4 imageLoadLodAMD(readonly volatile coherent f16image2D image, ivec2 P, int lod);
f16vec4 imageLoadLodAMD(readonly volatile coherent f16image3D image, ivec3 P, int lod);
f16vec4 imageLoadLodAMD(readonly volatile coherent f16imageCube image, ivec3 P, int lod);
f16vec4 imageLoadLodAMD(readonly volatile coherent f16image1DArray image, ivec2 P, int lod);
f16vec4 imageLoadLodAMD(readonly volatile coherent f16image2DArray image, ivec3 P, int lod);
f16vec4 imageLoadLodAMD(readonly volatile coherent f16imageCubeArray image, ivec3 P, int lod);

// ---- imageStoreLodAMD
@ ext GL_AMD_shader_image_load_store_lod
void imageStoreLodAMD(writeonly volatile coherent f16image1D image, int P, int lod, f16vec4 data);
void imageStoreLodAMD(writeonly volatile coherent f16image2D image, ivec2 P, int lod, f16vec4 data);
void imageStoreLodAMD(writeonly volatile coherent f16image3D image, ivec3 P, int lod, f16vec4 data);
void imageStoreLodAMD(writeonly volatile coherent f16imageCube image, ivec3 P, int lod, f16vec4 data);
void imageStoreLodAMD(writeonly volatile coherent f16image1DArray image, ivec2 P, int lod, f16vec4 data);
void imageStoreLodAMD(writeonly volatile coherent f16image2DArray image, ivec3 P, int lod, f16vec4 data);
void imageStoreLodAMD(writeonly volatile coherent f16imageCubeArray image, ivec3 P, int lod, f16vec4 data);

// ---- sparseImageLoadARB
@ ext GL_ARB_sparse_texture2
int sparseImageLoadARB(readonly volatile coherent f16image2D image, ivec2 P, out f16vec4 texel);
int sparseImageLoadARB(readonly volatile coherent f16image3D image, ivec3 P, out f16vec4 texel);
int sparseImageLoadARB(readonly volatile coherent f16imageCube image, ivec3 P, out f16vec4 texel);
int sparseImageLoadARB(readonly volatile coherent f16image2DRect image, ivec2 P, out f16vec4 texel);
int sparseImageLoadARB(readonly volatile coherent f16image2DArray image, ivec3 P, out f16vec4 texel);
int sparseImageLoadARB(readonly volatile coherent f16imageCubeArray image, ivec3 P, out f16vec4 texel);
int sparseImageLoadARB(readonly volatile coherent f16image2DMS image, ivec2 P, int sample, out f16vec4 texel);
int sparseImageLoadARB(readonly volatile coherent f16image2DMSArray image, ivec3 P, int sample, out f16vec4 texel);

// ---- sparseImageLoadLodAMD
@ ext GL_AMD_shader_image_load_store_lod
int sparseImageLoadLodAMD(readonly volatile coherent f16image2D image, ivec2 P, int lod, out f16vec4 texel);
int sparseImageLoadLodAMD(readonly volatile coherent f16image3D image, ivec3 P, int lod, out f16vec4 texel);
int sparseImageLoadLodAMD(readonly volatile coherent f16imageCube image, ivec3 P, int lod, out f16vec4 texel);
int sparseImageLoadLodAMD(readonly volatile coherent f16image2DArray image, ivec3 P, int lod, out f16vec4 texel);
int sparseImageLoadLodAMD(readonly volatile coherent f16imageCubeArray image, ivec3 P, int lod, out f16vec4 texel);

// ==== Compatibility-profile (legacy) texture functions (8.9.5) ==================================
// Desktop GLSL up to 4.10 and the compatibility profile; GLSL ES 1.00 (texture3D* with
// GL_OES_texture_3D, which gates sampler3D). Not for SPIR-V (glslang: spv == 0).
// The bias forms are fragment-only; the Lod forms exist in vertex shaders, and in the other
// stages from GLSL 1.30 on or with GL_ARB_shader_texture_lod (Mesa lod_exists_in_stage;
// glslang puts them in the vertex stage only for ES 1.00).

// ---- texture2D
@ gl 110-410 es 100-100 compat novulkan
vec4 texture2D(sampler2D sampler, vec2 coord);
@ gl 110-410 es 100-100 compat stage frag novulkan
vec4 texture2D(sampler2D sampler, vec2 coord, float bias);

// ---- texture2DProj
@ gl 110-410 es 100-100 compat novulkan
vec4 texture2DProj(sampler2D sampler, vec3 coord);
vec4 texture2DProj(sampler2D sampler, vec4 coord);
@ gl 110-410 es 100-100 compat stage frag novulkan
vec4 texture2DProj(sampler2D sampler, vec3 coord, float bias);
vec4 texture2DProj(sampler2D sampler, vec4 coord, float bias);

// ---- texture3D
@ gl 110-410 es 100-100 compat novulkan
vec4 texture3D(sampler3D sampler, vec3 coord);
@ gl 110-410 es 100-100 compat stage frag novulkan
vec4 texture3D(sampler3D sampler, vec3 coord, float bias);

// ---- texture3DProj
@ gl 110-410 es 100-100 compat novulkan
vec4 texture3DProj(sampler3D sampler, vec4 coord);
@ gl 110-410 es 100-100 compat stage frag novulkan
vec4 texture3DProj(sampler3D sampler, vec4 coord, float bias);

// ---- textureCube
@ gl 110-410 es 100-100 compat novulkan
vec4 textureCube(samplerCube sampler, vec3 coord);
@ gl 110-410 es 100-100 compat stage frag novulkan
vec4 textureCube(samplerCube sampler, vec3 coord, float bias);

// ---- texture1D
@ gl 110-410 compat novulkan
vec4 texture1D(sampler1D sampler, float coord);
@ gl 110-410 compat stage frag novulkan
vec4 texture1D(sampler1D sampler, float coord, float bias);

// ---- texture1DProj
@ gl 110-410 compat novulkan
vec4 texture1DProj(sampler1D sampler, vec2 coord);
vec4 texture1DProj(sampler1D sampler, vec4 coord);
@ gl 110-410 compat stage frag novulkan
vec4 texture1DProj(sampler1D sampler, vec2 coord, float bias);
vec4 texture1DProj(sampler1D sampler, vec4 coord, float bias);

// ---- shadow1D
@ gl 110-410 compat novulkan
vec4 shadow1D(sampler1DShadow sampler, vec3 coord);
@ gl 110-410 compat stage frag novulkan
vec4 shadow1D(sampler1DShadow sampler, vec3 coord, float bias);

// ---- shadow2D
@ gl 110-410 compat novulkan
vec4 shadow2D(sampler2DShadow sampler, vec3 coord);
@ gl 110-410 compat stage frag novulkan
vec4 shadow2D(sampler2DShadow sampler, vec3 coord, float bias);

// ---- shadow1DProj
@ gl 110-410 compat novulkan
vec4 shadow1DProj(sampler1DShadow sampler, vec4 coord);
@ gl 110-410 compat stage frag novulkan
vec4 shadow1DProj(sampler1DShadow sampler, vec4 coord, float bias);

// ---- shadow2DProj
@ gl 110-410 compat novulkan
vec4 shadow2DProj(sampler2DShadow sampler, vec4 coord);
@ gl 110-410 compat stage frag novulkan
vec4 shadow2DProj(sampler2DShadow sampler, vec4 coord, float bias);

// ---- the bias forms above, in compute shaders with derivatives (GL_NV_compute_shader_derivatives:
// "use of the optional LOD bias parameter ... in texture lookup functions")
@ gl 110-410 compat requires GL_NV_compute_shader_derivatives|GL_KHR_compute_shader_derivatives stage comp novulkan
vec4 texture2D(sampler2D sampler, vec2 coord, float bias);
vec4 texture2DProj(sampler2D sampler, vec3 coord, float bias);
vec4 texture2DProj(sampler2D sampler, vec4 coord, float bias);
vec4 texture3D(sampler3D sampler, vec3 coord, float bias);
vec4 texture3DProj(sampler3D sampler, vec4 coord, float bias);
vec4 textureCube(samplerCube sampler, vec3 coord, float bias);
vec4 texture1D(sampler1D sampler, float coord, float bias);
vec4 texture1DProj(sampler1D sampler, vec2 coord, float bias);
vec4 texture1DProj(sampler1D sampler, vec4 coord, float bias);
vec4 shadow1D(sampler1DShadow sampler, vec3 coord, float bias);
vec4 shadow2D(sampler2DShadow sampler, vec3 coord, float bias);
vec4 shadow1DProj(sampler1DShadow sampler, vec4 coord, float bias);
vec4 shadow2DProj(sampler2DShadow sampler, vec4 coord, float bias);

// ---- texture2DRect
@ gl 110-410 compat novulkan
vec4 texture2DRect(sampler2DRect sampler, vec2 coord);

// ---- texture2DRectProj
@ gl 110-410 compat novulkan
vec4 texture2DRectProj(sampler2DRect sampler, vec3 coord);
vec4 texture2DRectProj(sampler2DRect sampler, vec4 coord);

// ---- shadow2DRect
@ gl 110-410 compat novulkan
vec4 shadow2DRect(sampler2DRectShadow sampler, vec3 coord);

// ---- shadow2DRectProj
@ gl 110-410 compat novulkan
vec4 shadow2DRectProj(sampler2DRectShadow sampler, vec4 coord);

// ---- texture2DLod
@ gl 110-410 es 100-100 compat stage vert novulkan
vec4 texture2DLod(sampler2D sampler, vec2 coord, float lod);
@ gl 130-410 compat ext GL_ARB_shader_texture_lod stage tesc|tese|geom|frag|comp|task|mesh|rgen|rint|rahit|rchit|rmiss|rcall novulkan
vec4 texture2DLod(sampler2D sampler, vec2 coord, float lod);

// ---- texture2DProjLod
@ gl 110-410 es 100-100 compat stage vert novulkan
vec4 texture2DProjLod(sampler2D sampler, vec3 coord, float lod);
vec4 texture2DProjLod(sampler2D sampler, vec4 coord, float lod);
@ gl 130-410 compat ext GL_ARB_shader_texture_lod stage tesc|tese|geom|frag|comp|task|mesh|rgen|rint|rahit|rchit|rmiss|rcall novulkan
vec4 texture2DProjLod(sampler2D sampler, vec3 coord, float lod);
vec4 texture2DProjLod(sampler2D sampler, vec4 coord, float lod);

// ---- texture3DLod
@ gl 110-410 es 100-100 compat stage vert novulkan
vec4 texture3DLod(sampler3D sampler, vec3 coord, float lod);
@ gl 130-410 compat ext GL_ARB_shader_texture_lod stage tesc|tese|geom|frag|comp|task|mesh|rgen|rint|rahit|rchit|rmiss|rcall novulkan
vec4 texture3DLod(sampler3D sampler, vec3 coord, float lod);

// ---- texture3DProjLod
@ gl 110-410 es 100-100 compat stage vert novulkan
vec4 texture3DProjLod(sampler3D sampler, vec4 coord, float lod);
@ gl 130-410 compat ext GL_ARB_shader_texture_lod stage tesc|tese|geom|frag|comp|task|mesh|rgen|rint|rahit|rchit|rmiss|rcall novulkan
vec4 texture3DProjLod(sampler3D sampler, vec4 coord, float lod);

// ---- textureCubeLod
@ gl 110-410 es 100-100 compat stage vert novulkan
vec4 textureCubeLod(samplerCube sampler, vec3 coord, float lod);
@ gl 130-410 compat ext GL_ARB_shader_texture_lod stage tesc|tese|geom|frag|comp|task|mesh|rgen|rint|rahit|rchit|rmiss|rcall novulkan
vec4 textureCubeLod(samplerCube sampler, vec3 coord, float lod);

// ---- texture1DLod
@ gl 110-410 compat stage vert novulkan
vec4 texture1DLod(sampler1D sampler, float coord, float lod);
@ gl 130-410 compat ext GL_ARB_shader_texture_lod stage tesc|tese|geom|frag|comp|task|mesh|rgen|rint|rahit|rchit|rmiss|rcall novulkan
vec4 texture1DLod(sampler1D sampler, float coord, float lod);

// ---- texture1DProjLod
@ gl 110-410 compat stage vert novulkan
vec4 texture1DProjLod(sampler1D sampler, vec2 coord, float lod);
vec4 texture1DProjLod(sampler1D sampler, vec4 coord, float lod);
@ gl 130-410 compat ext GL_ARB_shader_texture_lod stage tesc|tese|geom|frag|comp|task|mesh|rgen|rint|rahit|rchit|rmiss|rcall novulkan
vec4 texture1DProjLod(sampler1D sampler, vec2 coord, float lod);
vec4 texture1DProjLod(sampler1D sampler, vec4 coord, float lod);

// ---- shadow1DLod
@ gl 110-410 compat stage vert novulkan
vec4 shadow1DLod(sampler1DShadow sampler, vec3 coord, float lod);
@ gl 130-410 compat ext GL_ARB_shader_texture_lod stage tesc|tese|geom|frag|comp|task|mesh|rgen|rint|rahit|rchit|rmiss|rcall novulkan
vec4 shadow1DLod(sampler1DShadow sampler, vec3 coord, float lod);

// ---- shadow2DLod
@ gl 110-410 compat stage vert novulkan
vec4 shadow2DLod(sampler2DShadow sampler, vec3 coord, float lod);
@ gl 130-410 compat ext GL_ARB_shader_texture_lod stage tesc|tese|geom|frag|comp|task|mesh|rgen|rint|rahit|rchit|rmiss|rcall novulkan
vec4 shadow2DLod(sampler2DShadow sampler, vec3 coord, float lod);

// ---- shadow1DProjLod
@ gl 110-410 compat stage vert novulkan
vec4 shadow1DProjLod(sampler1DShadow sampler, vec4 coord, float lod);
@ gl 130-410 compat ext GL_ARB_shader_texture_lod stage tesc|tese|geom|frag|comp|task|mesh|rgen|rint|rahit|rchit|rmiss|rcall novulkan
vec4 shadow1DProjLod(sampler1DShadow sampler, vec4 coord, float lod);

// ---- shadow2DProjLod
@ gl 110-410 compat stage vert novulkan
vec4 shadow2DProjLod(sampler2DShadow sampler, vec4 coord, float lod);
@ gl 130-410 compat ext GL_ARB_shader_texture_lod stage tesc|tese|geom|frag|comp|task|mesh|rgen|rint|rahit|rchit|rmiss|rcall novulkan
vec4 shadow2DProjLod(sampler2DShadow sampler, vec4 coord, float lod);

// ---- texture1DGradARB
@ ext GL_ARB_shader_texture_lod novulkan
vec4 texture1DGradARB(sampler1D sampler, float P, float dPdx, float dPdy);

// ---- texture1DProjGradARB
@ ext GL_ARB_shader_texture_lod novulkan
vec4 texture1DProjGradARB(sampler1D sampler, vec2 P, float dPdx, float dPdy);
vec4 texture1DProjGradARB(sampler1D sampler, vec4 P, float dPdx, float dPdy);

// ---- texture2DGradARB
@ ext GL_ARB_shader_texture_lod novulkan
vec4 texture2DGradARB(sampler2D sampler, vec2 P, vec2 dPdx, vec2 dPdy);

// ---- texture2DProjGradARB
@ ext GL_ARB_shader_texture_lod novulkan
vec4 texture2DProjGradARB(sampler2D sampler, vec3 P, vec2 dPdx, vec2 dPdy);
vec4 texture2DProjGradARB(sampler2D sampler, vec4 P, vec2 dPdx, vec2 dPdy);

// ---- texture3DGradARB
@ ext GL_ARB_shader_texture_lod novulkan
vec4 texture3DGradARB(sampler3D sampler, vec3 P, vec3 dPdx, vec3 dPdy);

// ---- texture3DProjGradARB
@ ext GL_ARB_shader_texture_lod novulkan
vec4 texture3DProjGradARB(sampler3D sampler, vec4 P, vec3 dPdx, vec3 dPdy);

// ---- textureCubeGradARB
@ ext GL_ARB_shader_texture_lod novulkan
vec4 textureCubeGradARB(samplerCube sampler, vec3 P, vec3 dPdx, vec3 dPdy);

// ---- shadow1DGradARB
@ ext GL_ARB_shader_texture_lod novulkan
vec4 shadow1DGradARB(sampler1DShadow sampler, vec3 P, float dPdx, float dPdy);

// ---- shadow1DProjGradARB
@ ext GL_ARB_shader_texture_lod novulkan
vec4 shadow1DProjGradARB(sampler1DShadow sampler, vec4 P, float dPdx, float dPdy);

// ---- shadow2DGradARB
@ ext GL_ARB_shader_texture_lod novulkan
vec4 shadow2DGradARB(sampler2DShadow sampler, vec3 P, vec2 dPdx, vec2 dPdy);

// ---- shadow2DProjGradARB
@ ext GL_ARB_shader_texture_lod novulkan
vec4 shadow2DProjGradARB(sampler2DShadow sampler, vec4 P, vec2 dPdx, vec2 dPdy);

// ---- texture2DRectGradARB
@ ext GL_ARB_shader_texture_lod novulkan
vec4 texture2DRectGradARB(sampler2DRect sampler, vec2 P, vec2 dPdx, vec2 dPdy);

// ---- texture2DRectProjGradARB
@ ext GL_ARB_shader_texture_lod novulkan
vec4 texture2DRectProjGradARB(sampler2DRect sampler, vec3 P, vec2 dPdx, vec2 dPdy);
vec4 texture2DRectProjGradARB(sampler2DRect sampler, vec4 P, vec2 dPdx, vec2 dPdy);

// ---- shadow2DRectGradARB
@ ext GL_ARB_shader_texture_lod novulkan
vec4 shadow2DRectGradARB(sampler2DRectShadow sampler, vec3 P, vec2 dPdx, vec2 dPdy);

// ---- shadow2DRectProjGradARB
@ ext GL_ARB_shader_texture_lod novulkan
vec4 shadow2DRectProjGradARB(sampler2DRectShadow sampler, vec4 P, vec2 dPdx, vec2 dPdy);

// ---- texture1DArray
@ gl 110-410 compat ext GL_EXT_texture_array novulkan
vec4 texture1DArray(sampler1DArray sampler, vec2 coord);
@ gl 110-410 compat ext GL_EXT_texture_array stage frag novulkan
vec4 texture1DArray(sampler1DArray sampler, vec2 coord, float bias);

// ---- texture2DArray
@ gl 110-410 compat ext GL_EXT_texture_array novulkan
vec4 texture2DArray(sampler2DArray sampler, vec3 coord);
@ gl 110-410 compat ext GL_EXT_texture_array stage frag novulkan
vec4 texture2DArray(sampler2DArray sampler, vec3 coord, float bias);

// ---- shadow1DArray
@ gl 110-410 compat ext GL_EXT_texture_array novulkan
vec4 shadow1DArray(sampler1DArrayShadow sampler, vec3 coord);
@ gl 110-410 compat ext GL_EXT_texture_array stage frag novulkan
vec4 shadow1DArray(sampler1DArrayShadow sampler, vec3 coord, float bias);

// ---- shadow2DArray
@ gl 110-410 compat ext GL_EXT_texture_array novulkan
vec4 shadow2DArray(sampler2DArrayShadow sampler, vec4 coord);

// ---- texture1DArrayLod
@ gl 110-410 compat ext GL_EXT_texture_array novulkan
vec4 texture1DArrayLod(sampler1DArray sampler, vec2 coord, float lod);

// ---- texture2DArrayLod
@ gl 110-410 compat ext GL_EXT_texture_array novulkan
vec4 texture2DArrayLod(sampler2DArray sampler, vec3 coord, float lod);

// ---- shadow1DArrayLod
@ gl 110-410 compat ext GL_EXT_texture_array novulkan
vec4 shadow1DArrayLod(sampler1DArrayShadow sampler, vec3 coord, float lod);

// ==== GLSL ES 1.00 texture extensions ===========================================================
// GL_EXT_shader_texture_lod (Lod forms fragment-only, as glslang), GL_EXT_shadow_samplers,
// GL_OES_EGL_image_external (samplerExternalOES, ES 1.00).

// ---- texture2DLodEXT
@ ext GL_EXT_shader_texture_lod stage frag novulkan
vec4 texture2DLodEXT(sampler2D sampler, vec2 coord, float lod);

// ---- texture2DProjLodEXT
@ ext GL_EXT_shader_texture_lod stage frag novulkan
vec4 texture2DProjLodEXT(sampler2D sampler, vec3 coord, float lod);
vec4 texture2DProjLodEXT(sampler2D sampler, vec4 coord, float lod);

// ---- textureCubeLodEXT
@ ext GL_EXT_shader_texture_lod stage frag novulkan
vec4 textureCubeLodEXT(samplerCube sampler, vec3 coord, float lod);

// ---- texture2DGradEXT
@ ext GL_EXT_shader_texture_lod novulkan
vec4 texture2DGradEXT(sampler2D sampler, vec2 P, vec2 dPdx, vec2 dPdy);

// ---- texture2DProjGradEXT
@ ext GL_EXT_shader_texture_lod novulkan
vec4 texture2DProjGradEXT(sampler2D sampler, vec3 P, vec2 dPdx, vec2 dPdy);
vec4 texture2DProjGradEXT(sampler2D sampler, vec4 P, vec2 dPdx, vec2 dPdy);

// ---- textureCubeGradEXT
@ ext GL_EXT_shader_texture_lod novulkan
vec4 textureCubeGradEXT(samplerCube sampler, vec3 P, vec3 dPdx, vec3 dPdy);

// ---- shadow2DEXT
@ ext GL_EXT_shadow_samplers novulkan
float shadow2DEXT(sampler2DShadow sampler, vec3 coord);
@ ext GL_EXT_shadow_samplers stage frag novulkan
float shadow2DEXT(sampler2DShadow sampler, vec3 coord, float bias);

// ---- shadow2DProjEXT
@ ext GL_EXT_shadow_samplers novulkan
float shadow2DProjEXT(sampler2DShadow sampler, vec4 coord);
@ ext GL_EXT_shadow_samplers stage frag novulkan
float shadow2DProjEXT(sampler2DShadow sampler, vec4 coord, float bias);

// ---- texture2D
@ es 100-100 novulkan
vec4 texture2D(samplerExternalOES sampler, vec2 coord);

// ---- texture2DProj
@ es 100-100 novulkan
vec4 texture2DProj(samplerExternalOES sampler, vec3 coord);
vec4 texture2DProj(samplerExternalOES sampler, vec4 coord);

// ==== GL_EXT_gpu_shader4 (Mesa) =================================================================
// The integer-sampler overloads of the legacy functions and the EXT_gpu_shader4 names, as
// Mesa declares them (glslang does not implement the extension). Bias forms fragment-only.
// The sampler types themselves also need GL_EXT_texture_integer / _array / _buffer_object /
// GL_ARB_texture_rectangle, which the type checker decides.

// ---- texture1D
@ ext GL_EXT_gpu_shader4 novulkan
ivec4 texture1D(isampler1D sampler, float coord);
uvec4 texture1D(usampler1D sampler, float coord);
@ ext GL_EXT_gpu_shader4 stage frag novulkan
ivec4 texture1D(isampler1D sampler, float coord, float bias);
uvec4 texture1D(usampler1D sampler, float coord, float bias);

// ---- texture1DProj
@ ext GL_EXT_gpu_shader4 novulkan
ivec4 texture1DProj(isampler1D sampler, vec2 coord);
ivec4 texture1DProj(isampler1D sampler, vec4 coord);
uvec4 texture1DProj(usampler1D sampler, vec2 coord);
uvec4 texture1DProj(usampler1D sampler, vec4 coord);
@ ext GL_EXT_gpu_shader4 stage frag novulkan
ivec4 texture1DProj(isampler1D sampler, vec2 coord, float bias);
ivec4 texture1DProj(isampler1D sampler, vec4 coord, float bias);
uvec4 texture1DProj(usampler1D sampler, vec2 coord, float bias);
uvec4 texture1DProj(usampler1D sampler, vec4 coord, float bias);

// ---- texture1DLod
@ ext GL_EXT_gpu_shader4 novulkan
ivec4 texture1DLod(isampler1D sampler, float coord, float lod);
uvec4 texture1DLod(usampler1D sampler, float coord, float lod);

// ---- texture1DProjLod
@ ext GL_EXT_gpu_shader4 novulkan
ivec4 texture1DProjLod(isampler1D sampler, vec2 coord, float lod);
ivec4 texture1DProjLod(isampler1D sampler, vec4 coord, float lod);
uvec4 texture1DProjLod(usampler1D sampler, vec2 coord, float lod);
uvec4 texture1DProjLod(usampler1D sampler, vec4 coord, float lod);

// ---- texture2D
@ ext GL_EXT_gpu_shader4 novulkan
ivec4 texture2D(isampler2D sampler, vec2 coord);
uvec4 texture2D(usampler2D sampler, vec2 coord);
@ ext GL_EXT_gpu_shader4 stage frag novulkan
ivec4 texture2D(isampler2D sampler, vec2 coord, float bias);
uvec4 texture2D(usampler2D sampler, vec2 coord, float bias);

// ---- texture2DProj
@ ext GL_EXT_gpu_shader4 novulkan
ivec4 texture2DProj(isampler2D sampler, vec3 coord);
ivec4 texture2DProj(isampler2D sampler, vec4 coord);
uvec4 texture2DProj(usampler2D sampler, vec3 coord);
uvec4 texture2DProj(usampler2D sampler, vec4 coord);
@ ext GL_EXT_gpu_shader4 stage frag novulkan
ivec4 texture2DProj(isampler2D sampler, vec3 coord, float bias);
ivec4 texture2DProj(isampler2D sampler, vec4 coord, float bias);
uvec4 texture2DProj(usampler2D sampler, vec3 coord, float bias);
uvec4 texture2DProj(usampler2D sampler, vec4 coord, float bias);

// ---- texture2DLod
@ ext GL_EXT_gpu_shader4 novulkan
ivec4 texture2DLod(isampler2D sampler, vec2 coord, float lod);
uvec4 texture2DLod(usampler2D sampler, vec2 coord, float lod);

// ---- texture2DProjLod
@ ext GL_EXT_gpu_shader4 novulkan
ivec4 texture2DProjLod(isampler2D sampler, vec3 coord, float lod);
ivec4 texture2DProjLod(isampler2D sampler, vec4 coord, float lod);
uvec4 texture2DProjLod(usampler2D sampler, vec3 coord, float lod);
uvec4 texture2DProjLod(usampler2D sampler, vec4 coord, float lod);

// ---- texture3D
@ ext GL_EXT_gpu_shader4 novulkan
ivec4 texture3D(isampler3D sampler, vec3 coord);
uvec4 texture3D(usampler3D sampler, vec3 coord);
@ ext GL_EXT_gpu_shader4 stage frag novulkan
ivec4 texture3D(isampler3D sampler, vec3 coord, float bias);
uvec4 texture3D(usampler3D sampler, vec3 coord, float bias);

// ---- texture3DProj
@ ext GL_EXT_gpu_shader4 novulkan
ivec4 texture3DProj(isampler3D sampler, vec4 coord);
uvec4 texture3DProj(usampler3D sampler, vec4 coord);
@ ext GL_EXT_gpu_shader4 stage frag novulkan
ivec4 texture3DProj(isampler3D sampler, vec4 coord, float bias);
uvec4 texture3DProj(usampler3D sampler, vec4 coord, float bias);

// ---- texture3DLod
@ ext GL_EXT_gpu_shader4 novulkan
ivec4 texture3DLod(isampler3D sampler, vec3 coord, float lod);
uvec4 texture3DLod(usampler3D sampler, vec3 coord, float lod);

// ---- texture3DProjLod
@ ext GL_EXT_gpu_shader4 novulkan
ivec4 texture3DProjLod(isampler3D sampler, vec4 coord, float lod);
uvec4 texture3DProjLod(usampler3D sampler, vec4 coord, float lod);

// ---- textureCube
@ ext GL_EXT_gpu_shader4 novulkan
ivec4 textureCube(isamplerCube sampler, vec3 coord);
uvec4 textureCube(usamplerCube sampler, vec3 coord);
@ ext GL_EXT_gpu_shader4 stage frag novulkan
ivec4 textureCube(isamplerCube sampler, vec3 coord, float bias);
uvec4 textureCube(usamplerCube sampler, vec3 coord, float bias);

// ---- textureCubeLod
@ ext GL_EXT_gpu_shader4 novulkan
ivec4 textureCubeLod(isamplerCube sampler, vec3 coord, float lod);
uvec4 textureCubeLod(usamplerCube sampler, vec3 coord, float lod);

// ---- texture1DArray
@ ext GL_EXT_gpu_shader4 novulkan
ivec4 texture1DArray(isampler1DArray sampler, vec2 coord);
uvec4 texture1DArray(usampler1DArray sampler, vec2 coord);
@ ext GL_EXT_gpu_shader4 stage frag novulkan
ivec4 texture1DArray(isampler1DArray sampler, vec2 coord, float bias);
uvec4 texture1DArray(usampler1DArray sampler, vec2 coord, float bias);

// ---- texture1DArrayLod
@ ext GL_EXT_gpu_shader4 novulkan
ivec4 texture1DArrayLod(isampler1DArray sampler, vec2 coord, float lod);
uvec4 texture1DArrayLod(usampler1DArray sampler, vec2 coord, float lod);

// ---- texture2DArray
@ ext GL_EXT_gpu_shader4 novulkan
ivec4 texture2DArray(isampler2DArray sampler, vec3 coord);
uvec4 texture2DArray(usampler2DArray sampler, vec3 coord);
@ ext GL_EXT_gpu_shader4 stage frag novulkan
ivec4 texture2DArray(isampler2DArray sampler, vec3 coord, float bias);
uvec4 texture2DArray(usampler2DArray sampler, vec3 coord, float bias);

// ---- texture2DArrayLod
@ ext GL_EXT_gpu_shader4 novulkan
ivec4 texture2DArrayLod(isampler2DArray sampler, vec3 coord, float lod);
uvec4 texture2DArrayLod(usampler2DArray sampler, vec3 coord, float lod);

// ---- texture2DRect
@ ext GL_EXT_gpu_shader4 novulkan
ivec4 texture2DRect(isampler2DRect sampler, vec2 coord);
uvec4 texture2DRect(usampler2DRect sampler, vec2 coord);

// ---- texture2DRectProj
@ ext GL_EXT_gpu_shader4 novulkan
ivec4 texture2DRectProj(isampler2DRect sampler, vec3 coord);
ivec4 texture2DRectProj(isampler2DRect sampler, vec4 coord);
uvec4 texture2DRectProj(usampler2DRect sampler, vec3 coord);
uvec4 texture2DRectProj(usampler2DRect sampler, vec4 coord);

// ---- shadowCube
@ ext GL_EXT_gpu_shader4 novulkan
vec4 shadowCube(samplerCubeShadow sampler, vec4 coord);
@ ext GL_EXT_gpu_shader4 stage frag novulkan
vec4 shadowCube(samplerCubeShadow sampler, vec4 coord, float bias);

// ---- texelFetch1D
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texelFetch1D(gsampler1D sampler, int coord, int lod);

// ---- texelFetch2D
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texelFetch2D(gsampler2D sampler, ivec2 coord, int lod);

// ---- texelFetch3D
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texelFetch3D(gsampler3D sampler, ivec3 coord, int lod);

// ---- texelFetch2DRect
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texelFetch2DRect(gsampler2DRect sampler, ivec2 coord);

// ---- texelFetch1DArray
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texelFetch1DArray(gsampler1DArray sampler, ivec2 coord, int lod);

// ---- texelFetch2DArray
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texelFetch2DArray(gsampler2DArray sampler, ivec3 coord, int lod);

// ---- texelFetchBuffer
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texelFetchBuffer(gsamplerBuffer sampler, int coord);

// ---- texelFetch1DOffset
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texelFetch1DOffset(gsampler1D sampler, int coord, int lod, const int offset);

// ---- texelFetch2DOffset
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texelFetch2DOffset(gsampler2D sampler, ivec2 coord, int lod, const ivec2 offset);

// ---- texelFetch3DOffset
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texelFetch3DOffset(gsampler3D sampler, ivec3 coord, int lod, const ivec3 offset);

// ---- texelFetch2DRectOffset
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texelFetch2DRectOffset(gsampler2DRect sampler, ivec2 coord, const ivec2 offset);

// ---- texelFetch1DArrayOffset
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texelFetch1DArrayOffset(gsampler1DArray sampler, ivec2 coord, int lod, const int offset);

// ---- texelFetch2DArrayOffset
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texelFetch2DArrayOffset(gsampler2DArray sampler, ivec3 coord, int lod, const ivec2 offset);

// ---- textureSize1D
@ ext GL_EXT_gpu_shader4 novulkan
int textureSize1D(gsampler1D sampler, int lod);

// ---- textureSize2D
@ ext GL_EXT_gpu_shader4 novulkan
ivec2 textureSize2D(gsampler2D sampler, int lod);

// ---- textureSize3D
@ ext GL_EXT_gpu_shader4 novulkan
ivec3 textureSize3D(gsampler3D sampler, int lod);

// ---- textureSizeCube
@ ext GL_EXT_gpu_shader4 novulkan
ivec2 textureSizeCube(gsamplerCube sampler, int lod);

// ---- textureSize1DArray
@ ext GL_EXT_gpu_shader4 novulkan
ivec2 textureSize1DArray(gsampler1DArray sampler, int lod);

// ---- textureSize2DArray
@ ext GL_EXT_gpu_shader4 novulkan
ivec3 textureSize2DArray(gsampler2DArray sampler, int lod);

// ---- textureSize2DRect
@ ext GL_EXT_gpu_shader4 novulkan
ivec2 textureSize2DRect(gsampler2DRect sampler);

// ---- textureSizeBuffer
@ ext GL_EXT_gpu_shader4 novulkan
int textureSizeBuffer(gsamplerBuffer sampler);

// ---- texture1DOffset
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texture1DOffset(gsampler1D sampler, float coord, const int offset);
@ ext GL_EXT_gpu_shader4 stage frag novulkan
gvec4 texture1DOffset(gsampler1D sampler, float coord, const int offset, float bias);

// ---- texture2DOffset
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texture2DOffset(gsampler2D sampler, vec2 coord, const ivec2 offset);
@ ext GL_EXT_gpu_shader4 stage frag novulkan
gvec4 texture2DOffset(gsampler2D sampler, vec2 coord, const ivec2 offset, float bias);

// ---- texture3DOffset
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texture3DOffset(gsampler3D sampler, vec3 coord, const ivec3 offset);
@ ext GL_EXT_gpu_shader4 stage frag novulkan
gvec4 texture3DOffset(gsampler3D sampler, vec3 coord, const ivec3 offset, float bias);

// ---- shadow1DOffset
@ ext GL_EXT_gpu_shader4 novulkan
vec4 shadow1DOffset(sampler1DShadow sampler, vec3 coord, const int offset);
@ ext GL_EXT_gpu_shader4 stage frag novulkan
vec4 shadow1DOffset(sampler1DShadow sampler, vec3 coord, const int offset, float bias);

// ---- shadow2DOffset
@ ext GL_EXT_gpu_shader4 novulkan
vec4 shadow2DOffset(sampler2DShadow sampler, vec3 coord, const ivec2 offset);
@ ext GL_EXT_gpu_shader4 stage frag novulkan
vec4 shadow2DOffset(sampler2DShadow sampler, vec3 coord, const ivec2 offset, float bias);

// ---- texture1DArrayOffset
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texture1DArrayOffset(gsampler1DArray sampler, vec2 coord, const int offset);
@ ext GL_EXT_gpu_shader4 stage frag novulkan
gvec4 texture1DArrayOffset(gsampler1DArray sampler, vec2 coord, const int offset, float bias);

// ---- texture2DArrayOffset
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texture2DArrayOffset(gsampler2DArray sampler, vec3 coord, const ivec2 offset);
@ ext GL_EXT_gpu_shader4 stage frag novulkan
gvec4 texture2DArrayOffset(gsampler2DArray sampler, vec3 coord, const ivec2 offset, float bias);

// ---- shadow1DArrayOffset
@ ext GL_EXT_gpu_shader4 novulkan
vec4 shadow1DArrayOffset(sampler1DArrayShadow sampler, vec3 coord, const int offset);
@ ext GL_EXT_gpu_shader4 stage frag novulkan
vec4 shadow1DArrayOffset(sampler1DArrayShadow sampler, vec3 coord, const int offset, float bias);

// ---- texture2DRectOffset
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texture2DRectOffset(gsampler2DRect sampler, vec2 coord, const ivec2 offset);

// ---- shadow2DRectOffset
@ ext GL_EXT_gpu_shader4 novulkan
vec4 shadow2DRectOffset(sampler2DRectShadow sampler, vec3 coord, const ivec2 offset);

// ---- shadow2DArrayOffset
@ ext GL_EXT_gpu_shader4 novulkan
vec4 shadow2DArrayOffset(sampler2DArrayShadow sampler, vec4 coord, const ivec2 offset);

// ---- texture1DProjOffset
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texture1DProjOffset(gsampler1D sampler, vec2 coord, const int offset);
gvec4 texture1DProjOffset(gsampler1D sampler, vec4 coord, const int offset);
@ ext GL_EXT_gpu_shader4 stage frag novulkan
gvec4 texture1DProjOffset(gsampler1D sampler, vec2 coord, const int offset, float bias);
gvec4 texture1DProjOffset(gsampler1D sampler, vec4 coord, const int offset, float bias);

// ---- texture2DProjOffset
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texture2DProjOffset(gsampler2D sampler, vec3 coord, const ivec2 offset);
gvec4 texture2DProjOffset(gsampler2D sampler, vec4 coord, const ivec2 offset);
@ ext GL_EXT_gpu_shader4 stage frag novulkan
gvec4 texture2DProjOffset(gsampler2D sampler, vec3 coord, const ivec2 offset, float bias);
gvec4 texture2DProjOffset(gsampler2D sampler, vec4 coord, const ivec2 offset, float bias);

// ---- texture3DProjOffset
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texture3DProjOffset(gsampler3D sampler, vec4 coord, const ivec3 offset);
@ ext GL_EXT_gpu_shader4 stage frag novulkan
gvec4 texture3DProjOffset(gsampler3D sampler, vec4 coord, const ivec3 offset, float bias);

// ---- shadow1DProjOffset
@ ext GL_EXT_gpu_shader4 novulkan
vec4 shadow1DProjOffset(sampler1DShadow sampler, vec4 coord, const int offset);
@ ext GL_EXT_gpu_shader4 stage frag novulkan
vec4 shadow1DProjOffset(sampler1DShadow sampler, vec4 coord, const int offset, float bias);

// ---- shadow2DProjOffset
@ ext GL_EXT_gpu_shader4 novulkan
vec4 shadow2DProjOffset(sampler2DShadow sampler, vec4 coord, const ivec2 offset);
@ ext GL_EXT_gpu_shader4 stage frag novulkan
vec4 shadow2DProjOffset(sampler2DShadow sampler, vec4 coord, const ivec2 offset, float bias);

// ---- texture2DRectProjOffset
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texture2DRectProjOffset(gsampler2DRect sampler, vec3 coord, const ivec2 offset);
gvec4 texture2DRectProjOffset(gsampler2DRect sampler, vec4 coord, const ivec2 offset);

// ---- shadow2DRectProjOffset
@ ext GL_EXT_gpu_shader4 novulkan
vec4 shadow2DRectProjOffset(sampler2DRectShadow sampler, vec4 coord, const ivec2 offset);

// ---- texture1DLodOffset
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texture1DLodOffset(gsampler1D sampler, float coord, float lod, const int offset);

// ---- texture2DLodOffset
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texture2DLodOffset(gsampler2D sampler, vec2 coord, float lod, const ivec2 offset);

// ---- texture3DLodOffset
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texture3DLodOffset(gsampler3D sampler, vec3 coord, float lod, const ivec3 offset);

// ---- shadow1DLodOffset
@ ext GL_EXT_gpu_shader4 novulkan
vec4 shadow1DLodOffset(sampler1DShadow sampler, vec3 coord, float lod, const int offset);

// ---- shadow2DLodOffset
@ ext GL_EXT_gpu_shader4 novulkan
vec4 shadow2DLodOffset(sampler2DShadow sampler, vec3 coord, float lod, const ivec2 offset);

// ---- texture1DArrayLodOffset
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texture1DArrayLodOffset(gsampler1DArray sampler, vec2 coord, float lod, const int offset);

// ---- texture2DArrayLodOffset
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texture2DArrayLodOffset(gsampler2DArray sampler, vec3 coord, float lod, const ivec2 offset);

// ---- shadow1DArrayLodOffset
@ ext GL_EXT_gpu_shader4 novulkan
vec4 shadow1DArrayLodOffset(sampler1DArrayShadow sampler, vec3 coord, float lod, const int offset);

// ---- texture1DProjLodOffset
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texture1DProjLodOffset(gsampler1D sampler, vec2 coord, float lod, const int offset);
gvec4 texture1DProjLodOffset(gsampler1D sampler, vec4 coord, float lod, const int offset);

// ---- texture2DProjLodOffset
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texture2DProjLodOffset(gsampler2D sampler, vec3 coord, float lod, const ivec2 offset);
gvec4 texture2DProjLodOffset(gsampler2D sampler, vec4 coord, float lod, const ivec2 offset);

// ---- texture3DProjLodOffset
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texture3DProjLodOffset(gsampler3D sampler, vec4 coord, float lod, const ivec3 offset);

// ---- shadow1DProjLodOffset
@ ext GL_EXT_gpu_shader4 novulkan
vec4 shadow1DProjLodOffset(sampler1DShadow sampler, vec4 coord, float lod, const int offset);

// ---- shadow2DProjLodOffset
@ ext GL_EXT_gpu_shader4 novulkan
vec4 shadow2DProjLodOffset(sampler2DShadow sampler, vec4 coord, float lod, const ivec2 offset);

// ---- texture1DGrad
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texture1DGrad(gsampler1D sampler, float coord, float dPdx, float dPdy);

// ---- texture2DGrad
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texture2DGrad(gsampler2D sampler, vec2 coord, vec2 dPdx, vec2 dPdy);

// ---- texture3DGrad
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texture3DGrad(gsampler3D sampler, vec3 coord, vec3 dPdx, vec3 dPdy);

// ---- textureCubeGrad
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 textureCubeGrad(gsamplerCube sampler, vec3 coord, vec3 dPdx, vec3 dPdy);

// ---- texture1DArrayGrad
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texture1DArrayGrad(gsampler1DArray sampler, vec2 coord, float dPdx, float dPdy);

// ---- texture2DArrayGrad
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texture2DArrayGrad(gsampler2DArray sampler, vec3 coord, vec2 dPdx, vec2 dPdy);

// ---- texture2DRectGrad
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texture2DRectGrad(gsampler2DRect sampler, vec2 coord, vec2 dPdx, vec2 dPdy);

// ---- shadow1DGrad
@ ext GL_EXT_gpu_shader4 novulkan
vec4 shadow1DGrad(sampler1DShadow sampler, vec3 coord, float dPdx, float dPdy);

// ---- shadow2DGrad
@ ext GL_EXT_gpu_shader4 novulkan
vec4 shadow2DGrad(sampler2DShadow sampler, vec3 coord, vec2 dPdx, vec2 dPdy);

// ---- shadow1DArrayGrad
@ ext GL_EXT_gpu_shader4 novulkan
vec4 shadow1DArrayGrad(sampler1DArrayShadow sampler, vec3 coord, float dPdx, float dPdy);

// ---- shadow2DArrayGrad
@ ext GL_EXT_gpu_shader4 novulkan
vec4 shadow2DArrayGrad(sampler2DArrayShadow sampler, vec4 coord, vec2 dPdx, vec2 dPdy);

// ---- shadow2DRectGrad
@ ext GL_EXT_gpu_shader4 novulkan
vec4 shadow2DRectGrad(sampler2DRectShadow sampler, vec3 coord, vec2 dPdx, vec2 dPdy);

// ---- shadowCubeGrad
@ ext GL_EXT_gpu_shader4 novulkan
vec4 shadowCubeGrad(samplerCubeShadow sampler, vec4 coord, vec3 dPdx, vec3 dPdy);

// ---- texture1DProjGrad
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texture1DProjGrad(gsampler1D sampler, vec2 coord, float dPdx, float dPdy);
gvec4 texture1DProjGrad(gsampler1D sampler, vec4 coord, float dPdx, float dPdy);

// ---- texture2DProjGrad
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texture2DProjGrad(gsampler2D sampler, vec3 coord, vec2 dPdx, vec2 dPdy);
gvec4 texture2DProjGrad(gsampler2D sampler, vec4 coord, vec2 dPdx, vec2 dPdy);

// ---- texture3DProjGrad
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texture3DProjGrad(gsampler3D sampler, vec4 coord, vec3 dPdx, vec3 dPdy);

// ---- texture2DRectProjGrad
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texture2DRectProjGrad(gsampler2DRect sampler, vec3 coord, vec2 dPdx, vec2 dPdy);
gvec4 texture2DRectProjGrad(gsampler2DRect sampler, vec4 coord, vec2 dPdx, vec2 dPdy);

// ---- shadow1DProjGrad
@ ext GL_EXT_gpu_shader4 novulkan
vec4 shadow1DProjGrad(sampler1DShadow sampler, vec4 coord, float dPdx, float dPdy);

// ---- shadow2DProjGrad
@ ext GL_EXT_gpu_shader4 novulkan
vec4 shadow2DProjGrad(sampler2DShadow sampler, vec4 coord, vec2 dPdx, vec2 dPdy);

// ---- shadow2DRectProjGrad
@ ext GL_EXT_gpu_shader4 novulkan
vec4 shadow2DRectProjGrad(sampler2DRectShadow sampler, vec4 coord, vec2 dPdx, vec2 dPdy);

// ---- texture1DGradOffset
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texture1DGradOffset(gsampler1D sampler, float coord, float dPdx, float dPdy, const int offset);

// ---- texture2DGradOffset
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texture2DGradOffset(gsampler2D sampler, vec2 coord, vec2 dPdx, vec2 dPdy, const ivec2 offset);

// ---- texture3DGradOffset
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texture3DGradOffset(gsampler3D sampler, vec3 coord, vec3 dPdx, vec3 dPdy, const ivec3 offset);

// ---- texture2DRectGradOffset
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texture2DRectGradOffset(gsampler2DRect sampler, vec2 coord, vec2 dPdx, vec2 dPdy, const ivec2 offset);

// ---- shadow2DRectGradOffset
@ ext GL_EXT_gpu_shader4 novulkan
vec4 shadow2DRectGradOffset(sampler2DRectShadow sampler, vec3 coord, vec2 dPdx, vec2 dPdy, const ivec2 offset);

// ---- shadow1DGradOffset
@ ext GL_EXT_gpu_shader4 novulkan
vec4 shadow1DGradOffset(sampler1DShadow sampler, vec3 coord, float dPdx, float dPdy, const int offset);

// ---- shadow2DGradOffset
@ ext GL_EXT_gpu_shader4 novulkan
vec4 shadow2DGradOffset(sampler2DShadow sampler, vec3 coord, vec2 dPdx, vec2 dPdy, const ivec2 offset);

// ---- texture1DArrayGradOffset
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texture1DArrayGradOffset(gsampler1DArray sampler, vec2 coord, float dPdx, float dPdy, const int offset);

// ---- texture2DArrayGradOffset
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texture2DArrayGradOffset(gsampler2DArray sampler, vec3 coord, vec2 dPdx, vec2 dPdy, const ivec2 offset);

// ---- shadow1DArrayGradOffset
@ ext GL_EXT_gpu_shader4 novulkan
vec4 shadow1DArrayGradOffset(sampler1DArrayShadow sampler, vec3 coord, float dPdx, float dPdy, const int offset);

// ---- shadow2DArrayGradOffset
@ ext GL_EXT_gpu_shader4 novulkan
vec4 shadow2DArrayGradOffset(sampler2DArrayShadow sampler, vec4 coord, vec2 dPdx, vec2 dPdy, const ivec2 offset);

// ---- texture1DProjGradOffset
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texture1DProjGradOffset(gsampler1D sampler, vec2 coord, float dPdx, float dPdy, const int offset);
gvec4 texture1DProjGradOffset(gsampler1D sampler, vec4 coord, float dPdx, float dPdy, const int offset);

// ---- texture2DProjGradOffset
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texture2DProjGradOffset(gsampler2D sampler, vec3 coord, vec2 dPdx, vec2 dPdy, const ivec2 offset);
gvec4 texture2DProjGradOffset(gsampler2D sampler, vec4 coord, vec2 dPdx, vec2 dPdy, const ivec2 offset);

// ---- texture3DProjGradOffset
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texture3DProjGradOffset(gsampler3D sampler, vec4 coord, vec3 dPdx, vec3 dPdy, const ivec3 offset);

// ---- texture2DRectProjGradOffset
@ ext GL_EXT_gpu_shader4 novulkan
gvec4 texture2DRectProjGradOffset(gsampler2DRect sampler, vec3 coord, vec2 dPdx, vec2 dPdy, const ivec2 offset);
gvec4 texture2DRectProjGradOffset(gsampler2DRect sampler, vec4 coord, vec2 dPdx, vec2 dPdy, const ivec2 offset);

// ---- shadow2DRectProjGradOffset
@ ext GL_EXT_gpu_shader4 novulkan
vec4 shadow2DRectProjGradOffset(sampler2DRectShadow sampler, vec4 coord, vec2 dPdx, vec2 dPdy, const ivec2 offset);

// ---- shadow1DProjGradOffset
@ ext GL_EXT_gpu_shader4 novulkan
vec4 shadow1DProjGradOffset(sampler1DShadow sampler, vec4 coord, float dPdx, float dPdy, const int offset);

// ---- shadow2DProjGradOffset
@ ext GL_EXT_gpu_shader4 novulkan
vec4 shadow2DProjGradOffset(sampler2DShadow sampler, vec4 coord, vec2 dPdx, vec2 dPdy, const ivec2 offset);

// ==== GL_OES_EGL_image_external_essl3 and GL_EXT_YUV_target (GLSL ES 3.00+) =====================
// The sampler types are gated by their extensions. Bias forms fragment-only.

// ---- textureSize
@ es 300 novulkan
highp ivec2 textureSize(samplerExternalOES sampler, int lod);
highp ivec2 textureSize(__samplerExternal2DY2YEXT sampler, int lod);

// ---- texture
@ es 300 novulkan
vec4 texture(samplerExternalOES sampler, vec2 P);
vec4 texture(__samplerExternal2DY2YEXT sampler, vec2 P);
@ es 300 stage frag novulkan
vec4 texture(samplerExternalOES sampler, vec2 P, float bias);
vec4 texture(__samplerExternal2DY2YEXT sampler, vec2 P, float bias);

// ---- textureProj
@ es 300 novulkan
vec4 textureProj(samplerExternalOES sampler, vec3 P);
vec4 textureProj(samplerExternalOES sampler, vec4 P);
vec4 textureProj(__samplerExternal2DY2YEXT sampler, vec3 P);
vec4 textureProj(__samplerExternal2DY2YEXT sampler, vec4 P);
@ es 300 stage frag novulkan
vec4 textureProj(samplerExternalOES sampler, vec3 P, float bias);
vec4 textureProj(samplerExternalOES sampler, vec4 P, float bias);
vec4 textureProj(__samplerExternal2DY2YEXT sampler, vec3 P, float bias);
vec4 textureProj(__samplerExternal2DY2YEXT sampler, vec4 P, float bias);

// ---- texelFetch
@ es 300 novulkan
vec4 texelFetch(samplerExternalOES sampler, ivec2 P, int lod);
vec4 texelFetch(__samplerExternal2DY2YEXT sampler, ivec2 P, int lod);

// ==== Other sampler extensions ==================================================================
// GL_AMD_shader_fragment_mask, GL_EXT_shader_samples_identical, GL_AMD_texture_texture4,
// GL_QCOM_image_processing, GL_QCOM_image_processing2, GL_QCOM_image_processing3.

// ---- fragmentMaskFetchAMD
@ ext GL_AMD_shader_fragment_mask
uint fragmentMaskFetchAMD(gsampler2DMS sampler, ivec2 P);
uint fragmentMaskFetchAMD(gsampler2DMSArray sampler, ivec3 P);
@ ext GL_AMD_shader_fragment_mask stage frag vulkan
uint fragmentMaskFetchAMD(gsubpassInputMS subpass);

// ---- fragmentFetchAMD
@ ext GL_AMD_shader_fragment_mask
gvec4 fragmentFetchAMD(gsampler2DMS sampler, ivec2 P, uint fragIndex);
gvec4 fragmentFetchAMD(gsampler2DMSArray sampler, ivec3 P, uint fragIndex);
@ ext GL_AMD_shader_fragment_mask stage frag vulkan
gvec4 fragmentFetchAMD(gsubpassInputMS subpass, uint fragIndex);

// ---- textureSamplesIdenticalEXT
@ ext GL_EXT_shader_samples_identical
bool textureSamplesIdenticalEXT(gsampler2DMS sampler, ivec2 P);
bool textureSamplesIdenticalEXT(gsampler2DMSArray sampler, ivec3 P);

// ---- texture4
@ ext GL_AMD_texture_texture4
vec4 texture4(sampler2D sampler, vec2 P);

// ---- textureWeightedQCOM
@ ext GL_QCOM_image_processing
vec4 textureWeightedQCOM(sampler2D tex, vec2 P, sampler2DArray weight);
vec4 textureWeightedQCOM(sampler2D tex, vec2 P, sampler1DArray weight);

// ---- textureBoxFilterQCOM
@ ext GL_QCOM_image_processing
vec4 textureBoxFilterQCOM(sampler2D tex, vec2 P, vec2 boxSize);

// ---- textureBlockMatchSADQCOM
@ ext GL_QCOM_image_processing
vec4 textureBlockMatchSADQCOM(sampler2D target, uvec2 targetCoord, sampler2D reference, uvec2 refCoord, uvec2 blockSize);

// ---- textureBlockMatchSSDQCOM
@ ext GL_QCOM_image_processing
vec4 textureBlockMatchSSDQCOM(sampler2D target, uvec2 targetCoord, sampler2D reference, uvec2 refCoord, uvec2 blockSize);

// ---- textureBlockMatchWindowSSDQCOM
@ ext GL_QCOM_image_processing2
vec4 textureBlockMatchWindowSSDQCOM(sampler2D target, uvec2 targetCoord, sampler2D reference, uvec2 refCoord, uvec2 blockSize);

// ---- textureBlockMatchWindowSADQCOM
@ ext GL_QCOM_image_processing2
vec4 textureBlockMatchWindowSADQCOM(sampler2D target, uvec2 targetCoord, sampler2D reference, uvec2 refCoord, uvec2 blockSize);

// ---- textureBlockMatchGatherSSDQCOM
@ ext GL_QCOM_image_processing2
vec4 textureBlockMatchGatherSSDQCOM(sampler2D target, uvec2 targetCoord, sampler2D reference, uvec2 refCoord, uvec2 blockSize);

// ---- textureBlockMatchGatherSADQCOM
@ ext GL_QCOM_image_processing2
vec4 textureBlockMatchGatherSADQCOM(sampler2D target, uvec2 targetCoord, sampler2D reference, uvec2 refCoord, uvec2 blockSize);

// GL_QCOM_image_processing3: the gather-pattern functions (all stages). comp, when given, is a
// constant expression; the offset of the *OffsetQCOM forms may be non-constant.

// ---- textureGather4x1QCOM
@ ext GL_QCOM_image_processing3
gvec4 textureGather4x1QCOM(gsampler2D sampler, vec2 P);
gvec4 textureGather4x1QCOM(gsampler2D sampler, vec2 P, const int comp);
gvec4 textureGather4x1QCOM(gsampler2DArray sampler, vec3 P);
gvec4 textureGather4x1QCOM(gsampler2DArray sampler, vec3 P, const int comp);

// ---- textureGatherV2QCOM
@ ext GL_QCOM_image_processing3
gvec4 textureGatherV2QCOM(gsampler2D sampler, vec2 P);
gvec4 textureGatherV2QCOM(gsampler2D sampler, vec2 P, const int comp);
gvec4 textureGatherV2QCOM(gsampler2DArray sampler, vec3 P);
gvec4 textureGatherV2QCOM(gsampler2DArray sampler, vec3 P, const int comp);

// ---- textureGatherH2QCOM
@ ext GL_QCOM_image_processing3
gvec4 textureGatherH2QCOM(gsampler2D sampler, vec2 P);
gvec4 textureGatherH2QCOM(gsampler2D sampler, vec2 P, const int comp);
gvec4 textureGatherH2QCOM(gsampler2DArray sampler, vec3 P);
gvec4 textureGatherH2QCOM(gsampler2DArray sampler, vec3 P, const int comp);

// ---- textureGatherDQCOM
@ ext GL_QCOM_image_processing3
gvec4 textureGatherDQCOM(gsampler2D sampler, vec2 P);
gvec4 textureGatherDQCOM(gsampler2D sampler, vec2 P, const int comp);
gvec4 textureGatherDQCOM(gsampler2DArray sampler, vec3 P);
gvec4 textureGatherDQCOM(gsampler2DArray sampler, vec3 P, const int comp);

// ---- textureGather4x1OffsetQCOM
@ ext GL_QCOM_image_processing3
gvec4 textureGather4x1OffsetQCOM(gsampler2D sampler, vec2 P, ivec2 offset);
gvec4 textureGather4x1OffsetQCOM(gsampler2D sampler, vec2 P, ivec2 offset, const int comp);
gvec4 textureGather4x1OffsetQCOM(gsampler2DArray sampler, vec3 P, ivec2 offset);
gvec4 textureGather4x1OffsetQCOM(gsampler2DArray sampler, vec3 P, ivec2 offset, const int comp);

// ---- textureGatherV2OffsetQCOM
@ ext GL_QCOM_image_processing3
gvec4 textureGatherV2OffsetQCOM(gsampler2D sampler, vec2 P, ivec2 offset);
gvec4 textureGatherV2OffsetQCOM(gsampler2D sampler, vec2 P, ivec2 offset, const int comp);
gvec4 textureGatherV2OffsetQCOM(gsampler2DArray sampler, vec3 P, ivec2 offset);
gvec4 textureGatherV2OffsetQCOM(gsampler2DArray sampler, vec3 P, ivec2 offset, const int comp);

// ---- textureGatherH2OffsetQCOM
@ ext GL_QCOM_image_processing3
gvec4 textureGatherH2OffsetQCOM(gsampler2D sampler, vec2 P, ivec2 offset);
gvec4 textureGatherH2OffsetQCOM(gsampler2D sampler, vec2 P, ivec2 offset, const int comp);
gvec4 textureGatherH2OffsetQCOM(gsampler2DArray sampler, vec3 P, ivec2 offset);
gvec4 textureGatherH2OffsetQCOM(gsampler2DArray sampler, vec3 P, ivec2 offset, const int comp);

// ---- textureGatherDOffsetQCOM
@ ext GL_QCOM_image_processing3
gvec4 textureGatherDOffsetQCOM(gsampler2D sampler, vec2 P, ivec2 offset);
gvec4 textureGatherDOffsetQCOM(gsampler2D sampler, vec2 P, ivec2 offset, const int comp);
gvec4 textureGatherDOffsetQCOM(gsampler2DArray sampler, vec3 P, ivec2 offset);
gvec4 textureGatherDOffsetQCOM(gsampler2DArray sampler, vec3 P, ivec2 offset, const int comp);

// ==== Array parameters ========================================================================
// textureGatherOffsets and the sparse/AMD forms take `const ivec2 offsets[4]`.
@ gl 400 es 320 ext GL_ARB_gpu_shader5|GL_EXT_gpu_shader5|GL_OES_gpu_shader5
gvec4 textureGatherOffsets(gsampler2D sampler, vec2 P, const ivec2 offsets[4]);
gvec4 textureGatherOffsets(gsampler2D sampler, vec2 P, const ivec2 offsets[4], const int comp);
@ gl 400 ext GL_ARB_gpu_shader5
gvec4 textureGatherOffsets(gsampler2DRect sampler, vec2 P, const ivec2 offsets[4]);
gvec4 textureGatherOffsets(gsampler2DRect sampler, vec2 P, const ivec2 offsets[4], const int comp);
@ gl 400 es 320 ext GL_ARB_gpu_shader5|GL_EXT_gpu_shader5|GL_OES_gpu_shader5
gvec4 textureGatherOffsets(gsampler2DArray sampler, vec3 P, const ivec2 offsets[4]);
gvec4 textureGatherOffsets(gsampler2DArray sampler, vec3 P, const ivec2 offsets[4], const int comp);
vec4 textureGatherOffsets(sampler2DShadow sampler, vec2 P, float refZ, const ivec2 offsets[4]);
@ gl 400 ext GL_ARB_gpu_shader5
vec4 textureGatherOffsets(sampler2DRectShadow sampler, vec2 P, float refZ, const ivec2 offsets[4]);
@ gl 400 es 320 ext GL_ARB_gpu_shader5|GL_EXT_gpu_shader5|GL_OES_gpu_shader5
vec4 textureGatherOffsets(sampler2DArrayShadow sampler, vec3 P, float refZ, const ivec2 offsets[4]);
@ ext GL_ARB_sparse_texture2
int sparseTextureGatherOffsetsARB(gsampler2D sampler, vec2 P, const ivec2 offsets[4], out gvec4 texel);
int sparseTextureGatherOffsetsARB(gsampler2D sampler, vec2 P, const ivec2 offsets[4], out gvec4 texel, const int comp);
int sparseTextureGatherOffsetsARB(gsampler2DRect sampler, vec2 P, const ivec2 offsets[4], out gvec4 texel);
int sparseTextureGatherOffsetsARB(gsampler2DRect sampler, vec2 P, const ivec2 offsets[4], out gvec4 texel, const int comp);
int sparseTextureGatherOffsetsARB(gsampler2DArray sampler, vec3 P, const ivec2 offsets[4], out gvec4 texel);
int sparseTextureGatherOffsetsARB(gsampler2DArray sampler, vec3 P, const ivec2 offsets[4], out gvec4 texel, const int comp);
int sparseTextureGatherOffsetsARB(sampler2DShadow sampler, vec2 P, float refZ, const ivec2 offsets[4], out vec4 texel);
int sparseTextureGatherOffsetsARB(sampler2DRectShadow sampler, vec2 P, float refZ, const ivec2 offsets[4], out vec4 texel);
int sparseTextureGatherOffsetsARB(sampler2DArrayShadow sampler, vec3 P, float refZ, const ivec2 offsets[4], out vec4 texel);
@ ext GL_AMD_texture_gather_bias_lod stage frag
gvec4 textureGatherOffsets(gsampler2D sampler, vec2 P, const ivec2 offsets[4], const int comp, float bias);
int sparseTextureGatherOffsetsARB(gsampler2D sampler, vec2 P, const ivec2 offsets[4], out gvec4 texel, const int comp, float bias);
@ ext GL_AMD_texture_gather_bias_lod
gvec4 textureGatherLodOffsetsAMD(gsampler2D sampler, vec2 P, float lod, const ivec2 offsets[4]);
int sparseTextureGatherLodOffsetsAMD(gsampler2D sampler, vec2 P, float lod, const ivec2 offsets[4], out gvec4 texel);
gvec4 textureGatherLodOffsetsAMD(gsampler2D sampler, vec2 P, float lod, const ivec2 offsets[4], const int comp);
int sparseTextureGatherLodOffsetsAMD(gsampler2D sampler, vec2 P, float lod, const ivec2 offsets[4], out gvec4 texel, const int comp);
@ ext GL_AMD_texture_gather_bias_lod stage frag
gvec4 textureGatherOffsets(gsampler2DArray sampler, vec3 P, const ivec2 offsets[4], const int comp, float bias);
int sparseTextureGatherOffsetsARB(gsampler2DArray sampler, vec3 P, const ivec2 offsets[4], out gvec4 texel, const int comp, float bias);
@ ext GL_AMD_texture_gather_bias_lod
gvec4 textureGatherLodOffsetsAMD(gsampler2DArray sampler, vec3 P, float lod, const ivec2 offsets[4]);
int sparseTextureGatherLodOffsetsAMD(gsampler2DArray sampler, vec3 P, float lod, const ivec2 offsets[4], out gvec4 texel);
gvec4 textureGatherLodOffsetsAMD(gsampler2DArray sampler, vec3 P, float lod, const ivec2 offsets[4], const int comp);
int sparseTextureGatherLodOffsetsAMD(gsampler2DArray sampler, vec3 P, float lod, const ivec2 offsets[4], out gvec4 texel, const int comp);
@ gl 450
f16vec4 textureGatherOffsets(f16sampler2D sampler, vec2 P, const ivec2 offsets[4]);
@ ext GL_ARB_sparse_texture2
int sparseTextureGatherOffsetsARB(f16sampler2D sampler, vec2 P, const ivec2 offsets[4], out f16vec4 texel);
@ gl 450
f16vec4 textureGatherOffsets(f16sampler2D sampler, vec2 P, const ivec2 offsets[4], const int comp);
@ ext GL_ARB_sparse_texture2
int sparseTextureGatherOffsetsARB(f16sampler2D sampler, vec2 P, const ivec2 offsets[4], out f16vec4 texel, const int comp);
@ gl 450
f16vec4 textureGatherOffsets(f16sampler2D sampler, f16vec2 P, const ivec2 offsets[4]);
@ ext GL_ARB_sparse_texture2
int sparseTextureGatherOffsetsARB(f16sampler2D sampler, f16vec2 P, const ivec2 offsets[4], out f16vec4 texel);
@ gl 450
f16vec4 textureGatherOffsets(f16sampler2D sampler, f16vec2 P, const ivec2 offsets[4], const int comp);
@ ext GL_ARB_sparse_texture2
int sparseTextureGatherOffsetsARB(f16sampler2D sampler, f16vec2 P, const ivec2 offsets[4], out f16vec4 texel, const int comp);
@ ext GL_AMD_texture_gather_bias_lod stage frag
f16vec4 textureGatherOffsets(f16sampler2D sampler, vec2 P, const ivec2 offsets[4], const int comp, float bias);
int sparseTextureGatherOffsetsARB(f16sampler2D sampler, vec2 P, const ivec2 offsets[4], out f16vec4 texel, const int comp, float bias);
f16vec4 textureGatherOffsets(f16sampler2D sampler, f16vec2 P, const ivec2 offsets[4], const int comp, float16_t bias);
int sparseTextureGatherOffsetsARB(f16sampler2D sampler, f16vec2 P, const ivec2 offsets[4], out f16vec4 texel, const int comp, float16_t bias);
@ ext GL_AMD_texture_gather_bias_lod
f16vec4 textureGatherLodOffsetsAMD(f16sampler2D sampler, vec2 P, float lod, const ivec2 offsets[4]);
int sparseTextureGatherLodOffsetsAMD(f16sampler2D sampler, vec2 P, float lod, const ivec2 offsets[4], out f16vec4 texel);
f16vec4 textureGatherLodOffsetsAMD(f16sampler2D sampler, vec2 P, float lod, const ivec2 offsets[4], const int comp);
int sparseTextureGatherLodOffsetsAMD(f16sampler2D sampler, vec2 P, float lod, const ivec2 offsets[4], out f16vec4 texel, const int comp);
f16vec4 textureGatherLodOffsetsAMD(f16sampler2D sampler, f16vec2 P, float16_t lod, const ivec2 offsets[4]);
int sparseTextureGatherLodOffsetsAMD(f16sampler2D sampler, f16vec2 P, float16_t lod, const ivec2 offsets[4], out f16vec4 texel);
f16vec4 textureGatherLodOffsetsAMD(f16sampler2D sampler, f16vec2 P, float16_t lod, const ivec2 offsets[4], const int comp);
int sparseTextureGatherLodOffsetsAMD(f16sampler2D sampler, f16vec2 P, float16_t lod, const ivec2 offsets[4], out f16vec4 texel, const int comp);
@ gl 450
f16vec4 textureGatherOffsets(f16sampler2DRect sampler, vec2 P, const ivec2 offsets[4]);
@ ext GL_ARB_sparse_texture2
int sparseTextureGatherOffsetsARB(f16sampler2DRect sampler, vec2 P, const ivec2 offsets[4], out f16vec4 texel);
@ gl 450
f16vec4 textureGatherOffsets(f16sampler2DRect sampler, vec2 P, const ivec2 offsets[4], const int comp);
@ ext GL_ARB_sparse_texture2
int sparseTextureGatherOffsetsARB(f16sampler2DRect sampler, vec2 P, const ivec2 offsets[4], out f16vec4 texel, const int comp);
@ gl 450
f16vec4 textureGatherOffsets(f16sampler2DRect sampler, f16vec2 P, const ivec2 offsets[4]);
@ ext GL_ARB_sparse_texture2
int sparseTextureGatherOffsetsARB(f16sampler2DRect sampler, f16vec2 P, const ivec2 offsets[4], out f16vec4 texel);
@ gl 450
f16vec4 textureGatherOffsets(f16sampler2DRect sampler, f16vec2 P, const ivec2 offsets[4], const int comp);
@ ext GL_ARB_sparse_texture2
int sparseTextureGatherOffsetsARB(f16sampler2DRect sampler, f16vec2 P, const ivec2 offsets[4], out f16vec4 texel, const int comp);
@ gl 450
f16vec4 textureGatherOffsets(f16sampler2DArray sampler, vec3 P, const ivec2 offsets[4]);
@ ext GL_ARB_sparse_texture2
int sparseTextureGatherOffsetsARB(f16sampler2DArray sampler, vec3 P, const ivec2 offsets[4], out f16vec4 texel);
@ gl 450
f16vec4 textureGatherOffsets(f16sampler2DArray sampler, vec3 P, const ivec2 offsets[4], const int comp);
@ ext GL_ARB_sparse_texture2
int sparseTextureGatherOffsetsARB(f16sampler2DArray sampler, vec3 P, const ivec2 offsets[4], out f16vec4 texel, const int comp);
@ gl 450
f16vec4 textureGatherOffsets(f16sampler2DArray sampler, f16vec3 P, const ivec2 offsets[4]);
@ ext GL_ARB_sparse_texture2
int sparseTextureGatherOffsetsARB(f16sampler2DArray sampler, f16vec3 P, const ivec2 offsets[4], out f16vec4 texel);
@ gl 450
f16vec4 textureGatherOffsets(f16sampler2DArray sampler, f16vec3 P, const ivec2 offsets[4], const int comp);
@ ext GL_ARB_sparse_texture2
int sparseTextureGatherOffsetsARB(f16sampler2DArray sampler, f16vec3 P, const ivec2 offsets[4], out f16vec4 texel, const int comp);
@ ext GL_AMD_texture_gather_bias_lod stage frag
f16vec4 textureGatherOffsets(f16sampler2DArray sampler, vec3 P, const ivec2 offsets[4], const int comp, float bias);
int sparseTextureGatherOffsetsARB(f16sampler2DArray sampler, vec3 P, const ivec2 offsets[4], out f16vec4 texel, const int comp, float bias);
f16vec4 textureGatherOffsets(f16sampler2DArray sampler, f16vec3 P, const ivec2 offsets[4], const int comp, float16_t bias);
int sparseTextureGatherOffsetsARB(f16sampler2DArray sampler, f16vec3 P, const ivec2 offsets[4], out f16vec4 texel, const int comp, float16_t bias);
@ ext GL_AMD_texture_gather_bias_lod
f16vec4 textureGatherLodOffsetsAMD(f16sampler2DArray sampler, vec3 P, float lod, const ivec2 offsets[4]);
int sparseTextureGatherLodOffsetsAMD(f16sampler2DArray sampler, vec3 P, float lod, const ivec2 offsets[4], out f16vec4 texel);
f16vec4 textureGatherLodOffsetsAMD(f16sampler2DArray sampler, vec3 P, float lod, const ivec2 offsets[4], const int comp);
int sparseTextureGatherLodOffsetsAMD(f16sampler2DArray sampler, vec3 P, float lod, const ivec2 offsets[4], out f16vec4 texel, const int comp);
f16vec4 textureGatherLodOffsetsAMD(f16sampler2DArray sampler, f16vec3 P, float16_t lod, const ivec2 offsets[4]);
int sparseTextureGatherLodOffsetsAMD(f16sampler2DArray sampler, f16vec3 P, float16_t lod, const ivec2 offsets[4], out f16vec4 texel);
f16vec4 textureGatherLodOffsetsAMD(f16sampler2DArray sampler, f16vec3 P, float16_t lod, const ivec2 offsets[4], const int comp);
int sparseTextureGatherLodOffsetsAMD(f16sampler2DArray sampler, f16vec3 P, float16_t lod, const ivec2 offsets[4], out f16vec4 texel, const int comp);
@ gl 450
f16vec4 textureGatherOffsets(f16sampler2DShadow sampler, vec2 P, float refZ, const ivec2 offsets[4]);
@ ext GL_ARB_sparse_texture2
int sparseTextureGatherOffsetsARB(f16sampler2DShadow sampler, vec2 P, float refZ, const ivec2 offsets[4], out f16vec4 texel);
@ gl 450
f16vec4 textureGatherOffsets(f16sampler2DShadow sampler, f16vec2 P, float refZ, const ivec2 offsets[4]);
@ ext GL_ARB_sparse_texture2
int sparseTextureGatherOffsetsARB(f16sampler2DShadow sampler, f16vec2 P, float refZ, const ivec2 offsets[4], out f16vec4 texel);
@ gl 450
f16vec4 textureGatherOffsets(f16sampler2DRectShadow sampler, vec2 P, float refZ, const ivec2 offsets[4]);
@ ext GL_ARB_sparse_texture2
int sparseTextureGatherOffsetsARB(f16sampler2DRectShadow sampler, vec2 P, float refZ, const ivec2 offsets[4], out f16vec4 texel);
@ gl 450
f16vec4 textureGatherOffsets(f16sampler2DRectShadow sampler, f16vec2 P, float refZ, const ivec2 offsets[4]);
@ ext GL_ARB_sparse_texture2
int sparseTextureGatherOffsetsARB(f16sampler2DRectShadow sampler, f16vec2 P, float refZ, const ivec2 offsets[4], out f16vec4 texel);
@ gl 450
f16vec4 textureGatherOffsets(f16sampler2DArrayShadow sampler, vec3 P, float refZ, const ivec2 offsets[4]);
@ ext GL_ARB_sparse_texture2
int sparseTextureGatherOffsetsARB(f16sampler2DArrayShadow sampler, vec3 P, float refZ, const ivec2 offsets[4], out f16vec4 texel);
@ gl 450
f16vec4 textureGatherOffsets(f16sampler2DArrayShadow sampler, f16vec3 P, float refZ, const ivec2 offsets[4]);
@ ext GL_ARB_sparse_texture2
int sparseTextureGatherOffsetsARB(f16sampler2DArrayShadow sampler, f16vec3 P, float refZ, const ivec2 offsets[4], out f16vec4 texel);

// ==== GL_NV_shader_texture_footprint ==========================================================
// The footprint of the lookup the matching function would make (textureFootprintNV: texture,
// ...ClampNV: textureClampARB, ...LodNV: textureLod, ...GradNV: textureGrad, ...GradClampNV:
// textureGradClampARB), written to the `out` structure; 2D and 3D samplers, the Grad forms 2D
// only. The implicit-LOD forms need derivatives: fragment shaders, and compute shaders with
// the compute-derivatives extensions (glslang declares them there too).
@ ext GL_NV_shader_texture_footprint stage frag
bool textureFootprintNV(gsampler2D sampler, vec2 P, int granularity, bool coarse, out gl_TextureFootprint2DNV footprint);
bool textureFootprintNV(gsampler2D sampler, vec2 P, int granularity, bool coarse, out gl_TextureFootprint2DNV footprint, float bias);
bool textureFootprintClampNV(gsampler2D sampler, vec2 P, float lodClamp, int granularity, bool coarse, out gl_TextureFootprint2DNV footprint);
bool textureFootprintClampNV(gsampler2D sampler, vec2 P, float lodClamp, int granularity, bool coarse, out gl_TextureFootprint2DNV footprint, float bias);
bool textureFootprintNV(gsampler3D sampler, vec3 P, int granularity, bool coarse, out gl_TextureFootprint3DNV footprint);
bool textureFootprintNV(gsampler3D sampler, vec3 P, int granularity, bool coarse, out gl_TextureFootprint3DNV footprint, float bias);
bool textureFootprintClampNV(gsampler3D sampler, vec3 P, float lodClamp, int granularity, bool coarse, out gl_TextureFootprint3DNV footprint);
bool textureFootprintClampNV(gsampler3D sampler, vec3 P, float lodClamp, int granularity, bool coarse, out gl_TextureFootprint3DNV footprint, float bias);
@ ext GL_NV_compute_shader_derivatives|GL_KHR_compute_shader_derivatives requires GL_NV_shader_texture_footprint stage comp
bool textureFootprintNV(gsampler2D sampler, vec2 P, int granularity, bool coarse, out gl_TextureFootprint2DNV footprint);
bool textureFootprintNV(gsampler2D sampler, vec2 P, int granularity, bool coarse, out gl_TextureFootprint2DNV footprint, float bias);
bool textureFootprintClampNV(gsampler2D sampler, vec2 P, float lodClamp, int granularity, bool coarse, out gl_TextureFootprint2DNV footprint);
bool textureFootprintClampNV(gsampler2D sampler, vec2 P, float lodClamp, int granularity, bool coarse, out gl_TextureFootprint2DNV footprint, float bias);
bool textureFootprintNV(gsampler3D sampler, vec3 P, int granularity, bool coarse, out gl_TextureFootprint3DNV footprint);
bool textureFootprintNV(gsampler3D sampler, vec3 P, int granularity, bool coarse, out gl_TextureFootprint3DNV footprint, float bias);
bool textureFootprintClampNV(gsampler3D sampler, vec3 P, float lodClamp, int granularity, bool coarse, out gl_TextureFootprint3DNV footprint);
bool textureFootprintClampNV(gsampler3D sampler, vec3 P, float lodClamp, int granularity, bool coarse, out gl_TextureFootprint3DNV footprint, float bias);
@ ext GL_NV_shader_texture_footprint
bool textureFootprintLodNV(gsampler2D sampler, vec2 P, float lod, int granularity, bool coarse, out gl_TextureFootprint2DNV footprint);
bool textureFootprintLodNV(gsampler3D sampler, vec3 P, float lod, int granularity, bool coarse, out gl_TextureFootprint3DNV footprint);
bool textureFootprintGradNV(gsampler2D sampler, vec2 P, vec2 dPdx, vec2 dPdy, int granularity, bool coarse, out gl_TextureFootprint2DNV footprint);
bool textureFootprintGradClampNV(gsampler2D sampler, vec2 P, vec2 dPdx, vec2 dPdy, float lodClamp, int granularity, bool coarse, out gl_TextureFootprint2DNV footprint);
