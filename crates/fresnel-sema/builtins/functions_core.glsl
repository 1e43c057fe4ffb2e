// Built-in functions of GLSL 1.10-4.60 and GLSL ES 1.00-3.20 and of the GLSL extensions,
// except the texture, image, sampler and subpass-input functions (functions_texture.glsl).
// Format: builtins/README.md.
//
// Version gating follows the specification's version history (the version that introduced a
// function), cross-checked against glslang (MachineIndependent/Initialize.cpp: the version
// conditions of TBuiltIns::initialize and the setFunctionExtensions calls of identifyBuiltIns)
// and Mesa (src/compiler/glsl/builtin_functions.cpp availability predicates). Precision
// qualifiers are the ones the GLSL ES specification gives; where the desktop and ES
// specifications differ, the declaration is split into a `gl` and an `es` section.
//
// Overloads of the explicit-width types (float16_t, int8_t, ...) are gated by the extensions
// that define those overloads; that the type itself is available is checked where the type is
// named. Generic `vec` (2-4 components only) is used for the scalar-operand overloads
// (`vec mod(vec, float)`) so that the scalar form is not declared twice.

// ---- Angle and trigonometry functions (8.1) ----
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

@ ext GL_AMD_gpu_shader_half_float|GL_EXT_shader_explicit_arithmetic_types|GL_EXT_shader_explicit_arithmetic_types_float16
genF16Type radians(genF16Type x);
genF16Type degrees(genF16Type x);
genF16Type sin(genF16Type x);
genF16Type cos(genF16Type x);
genF16Type tan(genF16Type x);
genF16Type asin(genF16Type x);
genF16Type acos(genF16Type x);
genF16Type sinh(genF16Type x);
genF16Type cosh(genF16Type x);
genF16Type tanh(genF16Type x);
genF16Type asinh(genF16Type x);
genF16Type acosh(genF16Type x);
genF16Type atanh(genF16Type x);
genF16Type atan(genF16Type y, genF16Type x);
genF16Type atan(genF16Type y_over_x);

// ---- Exponential functions (8.2) ----
@ gl 110 es 100
genFType pow(genFType x, genFType y);
genFType exp(genFType x);
genFType log(genFType x);
genFType exp2(genFType x);
genFType log2(genFType x);
genFType sqrt(genFType x);
genFType inversesqrt(genFType x);

@ gl 400 ext GL_ARB_gpu_shader_fp64|GL_EXT_shader_explicit_arithmetic_types|GL_EXT_shader_explicit_arithmetic_types_float64
genDType sqrt(genDType x);
genDType inversesqrt(genDType x);

@ ext GL_AMD_gpu_shader_half_float|GL_EXT_shader_explicit_arithmetic_types|GL_EXT_shader_explicit_arithmetic_types_float16
genF16Type pow(genF16Type x, genF16Type y);
genF16Type exp(genF16Type x);
genF16Type log(genF16Type x);
genF16Type exp2(genF16Type x);
genF16Type log2(genF16Type x);
genF16Type sqrt(genF16Type x);
genF16Type inversesqrt(genF16Type x);

// ---- Common functions (8.3) ----
@ gl 110 es 100
genFType abs(genFType x);
genFType sign(genFType x);
genFType floor(genFType x);
genFType ceil(genFType x);
genFType fract(genFType x);
genFType mod(genFType x, genFType y);
vec mod(vec x, float y);
genFType min(genFType x, genFType y);
vec min(vec x, float y);
genFType max(genFType x, genFType y);
vec max(vec x, float y);
genFType clamp(genFType x, genFType minVal, genFType maxVal);
vec clamp(vec x, float minVal, float maxVal);
genFType mix(genFType x, genFType y, genFType a);
vec mix(vec x, vec y, float a);
genFType step(genFType edge, genFType x);
vec step(float edge, vec x);
genFType smoothstep(genFType edge0, genFType edge1, genFType x);
vec smoothstep(float edge0, float edge1, vec x);

@ gl 130 es 300
genIType abs(genIType x);
genIType sign(genIType x);
genFType trunc(genFType x);
genFType roundEven(genFType x);
genFType modf(genFType x, out genFType i);
genIType min(genIType x, genIType y);
ivec min(ivec x, int y);
genIType max(genIType x, genIType y);
ivec max(ivec x, int y);
genIType clamp(genIType x, genIType minVal, genIType maxVal);
ivec clamp(ivec x, int minVal, int maxVal);
genFType mix(genFType x, genFType y, genBType a);
genBType isnan(genFType x);
genBType isinf(genFType x);

// round and the unsigned forms also come with GL_EXT_gpu_shader4 (Mesa).
@ gl 130 es 300 ext GL_EXT_gpu_shader4
genFType round(genFType x);
genUType min(genUType x, genUType y);
uvec min(uvec x, uint y);
genUType max(genUType x, genUType y);
uvec max(uvec x, uint y);
genUType clamp(genUType x, genUType minVal, genUType maxVal);
uvec clamp(uvec x, uint minVal, uint maxVal);

@ ext GL_EXT_gpu_shader4
genFType truncate(genFType x);

// mix with a Boolean selector for integer and Boolean operands: GLSL 4.50 / ESSL 3.10.
@ gl 450 es 310 ext GL_EXT_shader_integer_mix|GL_ARB_ES3_1_compatibility
genIType mix(genIType x, genIType y, genBType a);
genUType mix(genUType x, genUType y, genBType a);
genBType mix(genBType x, genBType y, genBType a);

@ gl 330 es 300 ext GL_ARB_shader_bit_encoding|GL_ARB_gpu_shader5
genIType floatBitsToInt(highp genFType value);
genUType floatBitsToUint(highp genFType value);
genFType intBitsToFloat(highp genIType value);
genFType uintBitsToFloat(highp genUType value);

@ gl 400 es 320 ext GL_ARB_gpu_shader5|GL_EXT_gpu_shader5|GL_OES_gpu_shader5
genFType fma(genFType a, genFType b, genFType c);

@ gl 400 es 310 ext GL_ARB_gpu_shader5|GL_MESA_shader_integer_functions
genFType frexp(highp genFType x, out highp genIType exp);
genFType ldexp(highp genFType x, highp genIType exp);

// Double precision (GLSL 4.00, GL_ARB_gpu_shader_fp64; ESSL through the explicit types).
@ gl 400 ext GL_ARB_gpu_shader_fp64|GL_EXT_shader_explicit_arithmetic_types|GL_EXT_shader_explicit_arithmetic_types_float64
genDType abs(genDType x);
genDType sign(genDType x);
genDType floor(genDType x);
genDType trunc(genDType x);
genDType round(genDType x);
genDType roundEven(genDType x);
genDType ceil(genDType x);
genDType fract(genDType x);
genDType mod(genDType x, genDType y);
dvec mod(dvec x, double y);
genDType modf(genDType x, out genDType i);
genDType min(genDType x, genDType y);
dvec min(dvec x, double y);
genDType max(genDType x, genDType y);
dvec max(dvec x, double y);
genDType clamp(genDType x, genDType minVal, genDType maxVal);
dvec clamp(dvec x, double minVal, double maxVal);
genDType mix(genDType x, genDType y, genDType a);
dvec mix(dvec x, dvec y, double a);
genDType mix(genDType x, genDType y, genBType a);
genDType step(genDType edge, genDType x);
dvec step(double edge, dvec x);
genDType smoothstep(genDType edge0, genDType edge1, genDType x);
dvec smoothstep(double edge0, double edge1, dvec x);
genBType isnan(genDType x);
genBType isinf(genDType x);
genDType fma(genDType a, genDType b, genDType c);
genDType frexp(genDType x, out genIType exp);
genDType ldexp(genDType x, genIType exp);

@ ext GL_AMD_gpu_shader_half_float|GL_EXT_shader_explicit_arithmetic_types|GL_EXT_shader_explicit_arithmetic_types_float16
genF16Type abs(genF16Type x);
genF16Type sign(genF16Type x);
genF16Type floor(genF16Type x);
genF16Type trunc(genF16Type x);
genF16Type round(genF16Type x);
genF16Type roundEven(genF16Type x);
genF16Type ceil(genF16Type x);
genF16Type fract(genF16Type x);
genF16Type mod(genF16Type x, genF16Type y);
f16vec mod(f16vec x, float16_t y);
genF16Type modf(genF16Type x, out genF16Type i);
genF16Type min(genF16Type x, genF16Type y);
f16vec min(f16vec x, float16_t y);
genF16Type max(genF16Type x, genF16Type y);
f16vec max(f16vec x, float16_t y);
genF16Type clamp(genF16Type x, genF16Type minVal, genF16Type maxVal);
f16vec clamp(f16vec x, float16_t minVal, float16_t maxVal);
genF16Type mix(genF16Type x, genF16Type y, genF16Type a);
f16vec mix(f16vec x, f16vec y, float16_t a);
genF16Type mix(genF16Type x, genF16Type y, genBType a);
genF16Type step(genF16Type edge, genF16Type x);
f16vec step(float16_t edge, f16vec x);
genF16Type smoothstep(genF16Type edge0, genF16Type edge1, genF16Type x);
f16vec smoothstep(float16_t edge0, float16_t edge1, f16vec x);
genBType isnan(genF16Type x);
genBType isinf(genF16Type x);
genF16Type fma(genF16Type a, genF16Type b, genF16Type c);
genF16Type frexp(genF16Type x, out genIType exp);
genF16Type ldexp(genF16Type x, genIType exp);

@ ext GL_ARB_gpu_shader_int64|GL_AMD_gpu_shader_int64|GL_EXT_shader_explicit_arithmetic_types|GL_EXT_shader_explicit_arithmetic_types_int64
genI64Type abs(genI64Type x);
genI64Type sign(genI64Type x);
genI64Type min(genI64Type x, genI64Type y);
i64vec min(i64vec x, int64_t y);
genI64Type max(genI64Type x, genI64Type y);
i64vec max(i64vec x, int64_t y);
genI64Type clamp(genI64Type x, genI64Type minVal, genI64Type maxVal);
i64vec clamp(i64vec x, int64_t minVal, int64_t maxVal);
genI64Type mix(genI64Type x, genI64Type y, genBType a);
genU64Type min(genU64Type x, genU64Type y);
u64vec min(u64vec x, uint64_t y);
genU64Type max(genU64Type x, genU64Type y);
u64vec max(u64vec x, uint64_t y);
genU64Type clamp(genU64Type x, genU64Type minVal, genU64Type maxVal);
u64vec clamp(u64vec x, uint64_t minVal, uint64_t maxVal);
genU64Type mix(genU64Type x, genU64Type y, genBType a);

@ ext GL_AMD_gpu_shader_int16|GL_EXT_shader_explicit_arithmetic_types|GL_EXT_shader_explicit_arithmetic_types_int16
genI16Type abs(genI16Type x);
genI16Type sign(genI16Type x);
genI16Type min(genI16Type x, genI16Type y);
i16vec2 min(i16vec2 x, int16_t y);
i16vec3 min(i16vec3 x, int16_t y);
i16vec4 min(i16vec4 x, int16_t y);
genI16Type max(genI16Type x, genI16Type y);
i16vec2 max(i16vec2 x, int16_t y);
i16vec3 max(i16vec3 x, int16_t y);
i16vec4 max(i16vec4 x, int16_t y);
genI16Type clamp(genI16Type x, genI16Type minVal, genI16Type maxVal);
i16vec2 clamp(i16vec2 x, int16_t minVal, int16_t maxVal);
i16vec3 clamp(i16vec3 x, int16_t minVal, int16_t maxVal);
i16vec4 clamp(i16vec4 x, int16_t minVal, int16_t maxVal);
genI16Type mix(genI16Type x, genI16Type y, genBType a);
genU16Type min(genU16Type x, genU16Type y);
u16vec2 min(u16vec2 x, uint16_t y);
u16vec3 min(u16vec3 x, uint16_t y);
u16vec4 min(u16vec4 x, uint16_t y);
genU16Type max(genU16Type x, genU16Type y);
u16vec2 max(u16vec2 x, uint16_t y);
u16vec3 max(u16vec3 x, uint16_t y);
u16vec4 max(u16vec4 x, uint16_t y);
genU16Type clamp(genU16Type x, genU16Type minVal, genU16Type maxVal);
u16vec2 clamp(u16vec2 x, uint16_t minVal, uint16_t maxVal);
u16vec3 clamp(u16vec3 x, uint16_t minVal, uint16_t maxVal);
u16vec4 clamp(u16vec4 x, uint16_t minVal, uint16_t maxVal);
genU16Type mix(genU16Type x, genU16Type y, genBType a);

@ ext GL_EXT_shader_explicit_arithmetic_types|GL_EXT_shader_explicit_arithmetic_types_int8
genI8Type abs(genI8Type x);
genI8Type sign(genI8Type x);
genI8Type min(genI8Type x, genI8Type y);
i8vec2 min(i8vec2 x, int8_t y);
i8vec3 min(i8vec3 x, int8_t y);
i8vec4 min(i8vec4 x, int8_t y);
genI8Type max(genI8Type x, genI8Type y);
i8vec2 max(i8vec2 x, int8_t y);
i8vec3 max(i8vec3 x, int8_t y);
i8vec4 max(i8vec4 x, int8_t y);
genI8Type clamp(genI8Type x, genI8Type minVal, genI8Type maxVal);
i8vec2 clamp(i8vec2 x, int8_t minVal, int8_t maxVal);
i8vec3 clamp(i8vec3 x, int8_t minVal, int8_t maxVal);
i8vec4 clamp(i8vec4 x, int8_t minVal, int8_t maxVal);
genI8Type mix(genI8Type x, genI8Type y, genBType a);
genU8Type min(genU8Type x, genU8Type y);
u8vec2 min(u8vec2 x, uint8_t y);
u8vec3 min(u8vec3 x, uint8_t y);
u8vec4 min(u8vec4 x, uint8_t y);
genU8Type max(genU8Type x, genU8Type y);
u8vec2 max(u8vec2 x, uint8_t y);
u8vec3 max(u8vec3 x, uint8_t y);
u8vec4 max(u8vec4 x, uint8_t y);
genU8Type clamp(genU8Type x, genU8Type minVal, genU8Type maxVal);
u8vec2 clamp(u8vec2 x, uint8_t minVal, uint8_t maxVal);
u8vec3 clamp(u8vec3 x, uint8_t minVal, uint8_t maxVal);
u8vec4 clamp(u8vec4 x, uint8_t minVal, uint8_t maxVal);
genU8Type mix(genU8Type x, genU8Type y, genBType a);

// GL_ARB_gpu_shader_int64 bit conversions and 2x32 packing.
@ ext GL_ARB_gpu_shader_int64|GL_AMD_gpu_shader_int64|GL_EXT_shader_explicit_arithmetic_types|GL_EXT_shader_explicit_arithmetic_types_int64
genI64Type doubleBitsToInt64(genDType value);
genU64Type doubleBitsToUint64(genDType value);
genDType int64BitsToDouble(genI64Type value);
genDType uint64BitsToDouble(genU64Type value);
int64_t packInt2x32(ivec2 v);
uint64_t packUint2x32(uvec2 v);
ivec2 unpackInt2x32(int64_t v);
uvec2 unpackUint2x32(uint64_t v);

// 16-bit conversions (GL_AMD_gpu_shader_int16, GL_EXT_shader_explicit_arithmetic_types).
@ ext GL_AMD_gpu_shader_int16|GL_EXT_shader_explicit_arithmetic_types|GL_EXT_shader_explicit_arithmetic_types_int16
genF16Type frexp(genF16Type x, out genI16Type exp);
genF16Type ldexp(genF16Type x, genI16Type exp);
genI16Type halfBitsToInt16(genF16Type value);
genU16Type halfBitsToUint16(genF16Type value);
genI16Type float16BitsToInt16(genF16Type value);
genU16Type float16BitsToUint16(genF16Type value);
genF16Type int16BitsToFloat16(genI16Type value);
genF16Type uint16BitsToFloat16(genU16Type value);
genF16Type int16BitsToHalf(genI16Type value);
genF16Type uint16BitsToHalf(genU16Type value);
int packInt2x16(i16vec2 v);
uint packUint2x16(u16vec2 v);
int64_t packInt4x16(i16vec4 v);
uint64_t packUint4x16(u16vec4 v);
i16vec2 unpackInt2x16(int v);
u16vec2 unpackUint2x16(uint v);
i16vec4 unpackInt4x16(int64_t v);
u16vec4 unpackUint4x16(uint64_t v);

// Generic integer pack/unpack (GL_EXT_shader_explicit_arithmetic_types).
@ ext GL_EXT_shader_explicit_arithmetic_types|GL_EXT_shader_explicit_arithmetic_types_int8|GL_EXT_shader_explicit_arithmetic_types_int16|GL_EXT_shader_explicit_arithmetic_types_int64
int16_t pack16(i8vec2 v);
uint16_t pack16(u8vec2 v);
int pack32(i8vec4 v);
uint pack32(u8vec4 v);
int pack32(i16vec2 v);
uint pack32(u16vec2 v);
int64_t pack64(i16vec4 v);
uint64_t pack64(u16vec4 v);
int64_t pack64(ivec2 v);
uint64_t pack64(uvec2 v);
i8vec2 unpack8(int16_t v);
u8vec2 unpack8(uint16_t v);
i8vec4 unpack8(int v);
u8vec4 unpack8(uint v);
i16vec2 unpack16(int v);
u16vec2 unpack16(uint v);
i16vec4 unpack16(int64_t v);
u16vec4 unpack16(uint64_t v);
ivec2 unpack32(int64_t v);
uvec2 unpack32(uint64_t v);

// ---- Floating-point pack and unpack functions (8.4) ----
// packUnorm2x16 and the 4x8 forms came with GLSL 4.00 (GL_ARB_gpu_shader5), the other 2x16 forms
// with GLSL 4.20; all with GL_ARB_shading_language_packing.
@ gl 400 es 300 ext GL_ARB_shading_language_packing|GL_ARB_gpu_shader5
highp uint packUnorm2x16(vec2 v);
@ gl 400 ext GL_ARB_shading_language_packing|GL_ARB_gpu_shader5
vec2 unpackUnorm2x16(highp uint p);
uint packUnorm4x8(vec4 v);
uint packSnorm4x8(vec4 v);
vec4 unpackUnorm4x8(highp uint p);
vec4 unpackSnorm4x8(highp uint p);
@ gl 420 es 300 ext GL_ARB_shading_language_packing
highp uint packSnorm2x16(vec2 v);
@ gl 420 ext GL_ARB_shading_language_packing
vec2 unpackSnorm2x16(highp uint p);
uint packHalf2x16(vec2 v);
vec2 unpackHalf2x16(uint v);
@ es 300
highp vec2 unpackUnorm2x16(highp uint p);
highp vec2 unpackSnorm2x16(highp uint p);
highp uint packHalf2x16(mediump vec2 v);
mediump vec2 unpackHalf2x16(highp uint v);
@ es 310
highp uint packUnorm4x8(vec4 v);
highp uint packSnorm4x8(vec4 v);
mediump vec4 unpackUnorm4x8(highp uint p);
mediump vec4 unpackSnorm4x8(highp uint p);
@ gl 400 ext GL_ARB_gpu_shader_fp64|GL_EXT_shader_explicit_arithmetic_types|GL_EXT_shader_explicit_arithmetic_types_float64
double packDouble2x32(uvec2 v);
uvec2 unpackDouble2x32(double v);
@ ext GL_AMD_gpu_shader_half_float|GL_EXT_shader_explicit_arithmetic_types|GL_EXT_shader_explicit_arithmetic_types_float16
uint packFloat2x16(f16vec2 v);
f16vec2 unpackFloat2x16(uint v);

// ---- Geometric functions (8.5) ----
@ gl 110 es 100
float length(genFType x);
float distance(genFType p0, genFType p1);
float dot(genFType x, genFType y);
vec3 cross(vec3 x, vec3 y);
genFType normalize(genFType x);
genFType faceforward(genFType N, genFType I, genFType Nref);
genFType reflect(genFType I, genFType N);
genFType refract(genFType I, genFType N, float eta);

// ftransform: vertex shaders of the compatibility profile (and of 1.10-1.30).
@ gl 110-130 compat ext GL_ARB_compatibility stage vert novulkan
vec4 ftransform();

@ gl 400 ext GL_ARB_gpu_shader_fp64|GL_EXT_shader_explicit_arithmetic_types|GL_EXT_shader_explicit_arithmetic_types_float64
double length(genDType x);
double distance(genDType p0, genDType p1);
double dot(genDType x, genDType y);
dvec3 cross(dvec3 x, dvec3 y);
genDType normalize(genDType x);
genDType faceforward(genDType N, genDType I, genDType Nref);
genDType reflect(genDType I, genDType N);
genDType refract(genDType I, genDType N, double eta);

@ ext GL_AMD_gpu_shader_half_float|GL_EXT_shader_explicit_arithmetic_types|GL_EXT_shader_explicit_arithmetic_types_float16
float16_t length(genF16Type x);
float16_t distance(genF16Type p0, genF16Type p1);
float16_t dot(genF16Type x, genF16Type y);
f16vec3 cross(f16vec3 x, f16vec3 y);
genF16Type normalize(genF16Type x);
genF16Type faceforward(genF16Type N, genF16Type I, genF16Type Nref);
genF16Type reflect(genF16Type I, genF16Type N);
genF16Type refract(genF16Type I, genF16Type N, float16_t eta);

@ ext GL_EXT_bfloat16
bfloat16_t dot(bfloat16_t x, bfloat16_t y);
bfloat16_t dot(bf16vec2 x, bf16vec2 y);
bfloat16_t dot(bf16vec3 x, bf16vec3 y);
bfloat16_t dot(bf16vec4 x, bf16vec4 y);

@ ext GL_EXT_integer_dot_product
uint dotEXT(uvec a, uvec b);
int dotEXT(ivec a, ivec b);
int dotEXT(ivec a, uvec b);
int dotEXT(uvec a, ivec b);
uint dotPacked4x8EXT(uint a, uint b);
int dotPacked4x8EXT(int a, uint b);
int dotPacked4x8EXT(uint a, int b);
int dotPacked4x8EXT(int a, int b);
uint dotAccSatEXT(uvec a, uvec b, uint c);
int dotAccSatEXT(ivec a, uvec b, int c);
int dotAccSatEXT(uvec a, ivec b, int c);
int dotAccSatEXT(ivec a, ivec b, int c);
uint dotPacked4x8AccSatEXT(uint a, uint b, uint c);
int dotPacked4x8AccSatEXT(int a, uint b, int c);
int dotPacked4x8AccSatEXT(uint a, int b, int c);
int dotPacked4x8AccSatEXT(int a, int b, int c);
uint dotEXT(u8vec2 a, u8vec2 b);
uint dotEXT(u8vec3 a, u8vec3 b);
uint dotEXT(u8vec4 a, u8vec4 b);
int dotEXT(i8vec2 a, u8vec2 b);
int dotEXT(i8vec3 a, u8vec3 b);
int dotEXT(i8vec4 a, u8vec4 b);
int dotEXT(u8vec2 a, i8vec2 b);
int dotEXT(u8vec3 a, i8vec3 b);
int dotEXT(u8vec4 a, i8vec4 b);
int dotEXT(i8vec2 a, i8vec2 b);
int dotEXT(i8vec3 a, i8vec3 b);
int dotEXT(i8vec4 a, i8vec4 b);
uint dotAccSatEXT(u8vec2 a, u8vec2 b, uint c);
uint dotAccSatEXT(u8vec3 a, u8vec3 b, uint c);
uint dotAccSatEXT(u8vec4 a, u8vec4 b, uint c);
int dotAccSatEXT(i8vec2 a, u8vec2 b, int c);
int dotAccSatEXT(i8vec3 a, u8vec3 b, int c);
int dotAccSatEXT(i8vec4 a, u8vec4 b, int c);
int dotAccSatEXT(u8vec2 a, i8vec2 b, int c);
int dotAccSatEXT(u8vec3 a, i8vec3 b, int c);
int dotAccSatEXT(u8vec4 a, i8vec4 b, int c);
int dotAccSatEXT(i8vec2 a, i8vec2 b, int c);
int dotAccSatEXT(i8vec3 a, i8vec3 b, int c);
int dotAccSatEXT(i8vec4 a, i8vec4 b, int c);
uint dotEXT(u16vec2 a, u16vec2 b);
uint dotEXT(u16vec3 a, u16vec3 b);
uint dotEXT(u16vec4 a, u16vec4 b);
int dotEXT(i16vec2 a, u16vec2 b);
int dotEXT(i16vec3 a, u16vec3 b);
int dotEXT(i16vec4 a, u16vec4 b);
int dotEXT(u16vec2 a, i16vec2 b);
int dotEXT(u16vec3 a, i16vec3 b);
int dotEXT(u16vec4 a, i16vec4 b);
int dotEXT(i16vec2 a, i16vec2 b);
int dotEXT(i16vec3 a, i16vec3 b);
int dotEXT(i16vec4 a, i16vec4 b);
uint dotAccSatEXT(u16vec2 a, u16vec2 b, uint c);
uint dotAccSatEXT(u16vec3 a, u16vec3 b, uint c);
uint dotAccSatEXT(u16vec4 a, u16vec4 b, uint c);
int dotAccSatEXT(i16vec2 a, u16vec2 b, int c);
int dotAccSatEXT(i16vec3 a, u16vec3 b, int c);
int dotAccSatEXT(i16vec4 a, u16vec4 b, int c);
int dotAccSatEXT(u16vec2 a, i16vec2 b, int c);
int dotAccSatEXT(u16vec3 a, i16vec3 b, int c);
int dotAccSatEXT(u16vec4 a, i16vec4 b, int c);
int dotAccSatEXT(i16vec2 a, i16vec2 b, int c);
int dotAccSatEXT(i16vec3 a, i16vec3 b, int c);
int dotAccSatEXT(i16vec4 a, i16vec4 b, int c);
uint64_t dotEXT(u64vec a, u64vec b);
int64_t dotEXT(i64vec a, u64vec b);
int64_t dotEXT(u64vec a, i64vec b);
int64_t dotEXT(i64vec a, i64vec b);
uint64_t dotAccSatEXT(u64vec a, u64vec b, uint64_t c);
int64_t dotAccSatEXT(i64vec a, u64vec b, int64_t c);
int64_t dotAccSatEXT(u64vec a, i64vec b, int64_t c);
int64_t dotAccSatEXT(i64vec a, i64vec b, int64_t c);

// ---- Matrix functions (8.6) ----
@ gl 110 es 100
mat2 matrixCompMult(mat2 x, mat2 y);
mat3 matrixCompMult(mat3 x, mat3 y);
mat4 matrixCompMult(mat4 x, mat4 y);
@ gl 120 es 300
mat2x3 matrixCompMult(mat2x3 x, mat2x3 y);
mat2x4 matrixCompMult(mat2x4 x, mat2x4 y);
mat3x2 matrixCompMult(mat3x2 x, mat3x2 y);
mat3x4 matrixCompMult(mat3x4 x, mat3x4 y);
mat4x2 matrixCompMult(mat4x2 x, mat4x2 y);
mat4x3 matrixCompMult(mat4x3 x, mat4x3 y);
mat2 outerProduct(vec2 c, vec2 r);
mat3 outerProduct(vec3 c, vec3 r);
mat4 outerProduct(vec4 c, vec4 r);
mat2x3 outerProduct(vec3 c, vec2 r);
mat3x2 outerProduct(vec2 c, vec3 r);
mat2x4 outerProduct(vec4 c, vec2 r);
mat4x2 outerProduct(vec2 c, vec4 r);
mat3x4 outerProduct(vec4 c, vec3 r);
mat4x3 outerProduct(vec3 c, vec4 r);
mat2 transpose(mat2 m);
mat3 transpose(mat3 m);
mat4 transpose(mat4 m);
mat3x2 transpose(mat2x3 m);
mat4x2 transpose(mat2x4 m);
mat2x3 transpose(mat3x2 m);
mat4x3 transpose(mat3x4 m);
mat2x4 transpose(mat4x2 m);
mat3x4 transpose(mat4x3 m);
@ gl 140 es 300
mat2 inverse(mat2 m);
mat3 inverse(mat3 m);
mat4 inverse(mat4 m);
@ gl 150 es 300
float determinant(mat2 m);
float determinant(mat3 m);
float determinant(mat4 m);
@ gl 400 ext GL_ARB_gpu_shader_fp64|GL_EXT_shader_explicit_arithmetic_types|GL_EXT_shader_explicit_arithmetic_types_float64
dmat matrixCompMult(dmat x, dmat y);
dmat2 outerProduct(dvec2 c, dvec2 r);
dmat3 outerProduct(dvec3 c, dvec3 r);
dmat4 outerProduct(dvec4 c, dvec4 r);
dmat2x3 outerProduct(dvec3 c, dvec2 r);
dmat3x2 outerProduct(dvec2 c, dvec3 r);
dmat2x4 outerProduct(dvec4 c, dvec2 r);
dmat4x2 outerProduct(dvec2 c, dvec4 r);
dmat3x4 outerProduct(dvec4 c, dvec3 r);
dmat4x3 outerProduct(dvec3 c, dvec4 r);
dmat2 transpose(dmat2 m);
dmat3 transpose(dmat3 m);
dmat4 transpose(dmat4 m);
dmat3x2 transpose(dmat2x3 m);
dmat4x2 transpose(dmat2x4 m);
dmat2x3 transpose(dmat3x2 m);
dmat4x3 transpose(dmat3x4 m);
dmat2x4 transpose(dmat4x2 m);
dmat3x4 transpose(dmat4x3 m);
double determinant(dmat2 m);
double determinant(dmat3 m);
double determinant(dmat4 m);
dmat2 inverse(dmat2 m);
dmat3 inverse(dmat3 m);
dmat4 inverse(dmat4 m);
@ ext GL_AMD_gpu_shader_half_float|GL_EXT_shader_explicit_arithmetic_types|GL_EXT_shader_explicit_arithmetic_types_float16
f16mat matrixCompMult(f16mat x, f16mat y);
f16mat2 outerProduct(f16vec2 c, f16vec2 r);
f16mat3 outerProduct(f16vec3 c, f16vec3 r);
f16mat4 outerProduct(f16vec4 c, f16vec4 r);
f16mat2x3 outerProduct(f16vec3 c, f16vec2 r);
f16mat3x2 outerProduct(f16vec2 c, f16vec3 r);
f16mat2x4 outerProduct(f16vec4 c, f16vec2 r);
f16mat4x2 outerProduct(f16vec2 c, f16vec4 r);
f16mat3x4 outerProduct(f16vec4 c, f16vec3 r);
f16mat4x3 outerProduct(f16vec3 c, f16vec4 r);
f16mat2 transpose(f16mat2 m);
f16mat3 transpose(f16mat3 m);
f16mat4 transpose(f16mat4 m);
f16mat3x2 transpose(f16mat2x3 m);
f16mat4x2 transpose(f16mat2x4 m);
f16mat2x3 transpose(f16mat3x2 m);
f16mat4x3 transpose(f16mat3x4 m);
f16mat2x4 transpose(f16mat4x2 m);
f16mat3x4 transpose(f16mat4x3 m);
float16_t determinant(f16mat2 m);
float16_t determinant(f16mat3 m);
float16_t determinant(f16mat4 m);
f16mat2 inverse(f16mat2 m);
f16mat3 inverse(f16mat3 m);
f16mat4 inverse(f16mat4 m);

// ---- Vector relational functions (8.7) ----
@ gl 110 es 100
bvec lessThan(vec x, vec y);
bvec lessThan(ivec x, ivec y);
bvec lessThanEqual(vec x, vec y);
bvec lessThanEqual(ivec x, ivec y);
bvec greaterThan(vec x, vec y);
bvec greaterThan(ivec x, ivec y);
bvec greaterThanEqual(vec x, vec y);
bvec greaterThanEqual(ivec x, ivec y);
bvec equal(vec x, vec y);
bvec equal(ivec x, ivec y);
bvec notEqual(vec x, vec y);
bvec notEqual(ivec x, ivec y);
bvec equal(bvec x, bvec y);
bvec notEqual(bvec x, bvec y);
bool any(bvec x);
bool all(bvec x);
bvec not(bvec x);
@ gl 130 es 300 ext GL_EXT_gpu_shader4
bvec lessThan(uvec x, uvec y);
bvec lessThanEqual(uvec x, uvec y);
bvec greaterThan(uvec x, uvec y);
bvec greaterThanEqual(uvec x, uvec y);
bvec equal(uvec x, uvec y);
bvec notEqual(uvec x, uvec y);
@ gl 400 ext GL_ARB_gpu_shader_fp64|GL_EXT_shader_explicit_arithmetic_types|GL_EXT_shader_explicit_arithmetic_types_float64
bvec lessThan(dvec x, dvec y);
bvec lessThanEqual(dvec x, dvec y);
bvec greaterThan(dvec x, dvec y);
bvec greaterThanEqual(dvec x, dvec y);
bvec equal(dvec x, dvec y);
bvec notEqual(dvec x, dvec y);
@ ext GL_AMD_gpu_shader_half_float|GL_EXT_shader_explicit_arithmetic_types|GL_EXT_shader_explicit_arithmetic_types_float16
bvec lessThan(f16vec x, f16vec y);
bvec lessThanEqual(f16vec x, f16vec y);
bvec greaterThan(f16vec x, f16vec y);
bvec greaterThanEqual(f16vec x, f16vec y);
bvec equal(f16vec x, f16vec y);
bvec notEqual(f16vec x, f16vec y);
@ ext GL_ARB_gpu_shader_int64|GL_AMD_gpu_shader_int64|GL_EXT_shader_explicit_arithmetic_types|GL_EXT_shader_explicit_arithmetic_types_int64
bvec lessThan(i64vec x, i64vec y);
bvec lessThanEqual(i64vec x, i64vec y);
bvec greaterThan(i64vec x, i64vec y);
bvec greaterThanEqual(i64vec x, i64vec y);
bvec equal(i64vec x, i64vec y);
bvec notEqual(i64vec x, i64vec y);
bvec lessThan(u64vec x, u64vec y);
bvec lessThanEqual(u64vec x, u64vec y);
bvec greaterThan(u64vec x, u64vec y);
bvec greaterThanEqual(u64vec x, u64vec y);
bvec equal(u64vec x, u64vec y);
bvec notEqual(u64vec x, u64vec y);
@ ext GL_AMD_gpu_shader_int16|GL_EXT_shader_explicit_arithmetic_types|GL_EXT_shader_explicit_arithmetic_types_int16
bvec2 lessThan(i16vec2 x, i16vec2 y);
bvec3 lessThan(i16vec3 x, i16vec3 y);
bvec4 lessThan(i16vec4 x, i16vec4 y);
bvec2 lessThanEqual(i16vec2 x, i16vec2 y);
bvec3 lessThanEqual(i16vec3 x, i16vec3 y);
bvec4 lessThanEqual(i16vec4 x, i16vec4 y);
bvec2 greaterThan(i16vec2 x, i16vec2 y);
bvec3 greaterThan(i16vec3 x, i16vec3 y);
bvec4 greaterThan(i16vec4 x, i16vec4 y);
bvec2 greaterThanEqual(i16vec2 x, i16vec2 y);
bvec3 greaterThanEqual(i16vec3 x, i16vec3 y);
bvec4 greaterThanEqual(i16vec4 x, i16vec4 y);
bvec2 equal(i16vec2 x, i16vec2 y);
bvec3 equal(i16vec3 x, i16vec3 y);
bvec4 equal(i16vec4 x, i16vec4 y);
bvec2 notEqual(i16vec2 x, i16vec2 y);
bvec3 notEqual(i16vec3 x, i16vec3 y);
bvec4 notEqual(i16vec4 x, i16vec4 y);
bvec2 lessThan(u16vec2 x, u16vec2 y);
bvec3 lessThan(u16vec3 x, u16vec3 y);
bvec4 lessThan(u16vec4 x, u16vec4 y);
bvec2 lessThanEqual(u16vec2 x, u16vec2 y);
bvec3 lessThanEqual(u16vec3 x, u16vec3 y);
bvec4 lessThanEqual(u16vec4 x, u16vec4 y);
bvec2 greaterThan(u16vec2 x, u16vec2 y);
bvec3 greaterThan(u16vec3 x, u16vec3 y);
bvec4 greaterThan(u16vec4 x, u16vec4 y);
bvec2 greaterThanEqual(u16vec2 x, u16vec2 y);
bvec3 greaterThanEqual(u16vec3 x, u16vec3 y);
bvec4 greaterThanEqual(u16vec4 x, u16vec4 y);
bvec2 equal(u16vec2 x, u16vec2 y);
bvec3 equal(u16vec3 x, u16vec3 y);
bvec4 equal(u16vec4 x, u16vec4 y);
bvec2 notEqual(u16vec2 x, u16vec2 y);
bvec3 notEqual(u16vec3 x, u16vec3 y);
bvec4 notEqual(u16vec4 x, u16vec4 y);
@ ext GL_EXT_shader_explicit_arithmetic_types|GL_EXT_shader_explicit_arithmetic_types_int8
bvec2 lessThan(i8vec2 x, i8vec2 y);
bvec3 lessThan(i8vec3 x, i8vec3 y);
bvec4 lessThan(i8vec4 x, i8vec4 y);
bvec2 lessThanEqual(i8vec2 x, i8vec2 y);
bvec3 lessThanEqual(i8vec3 x, i8vec3 y);
bvec4 lessThanEqual(i8vec4 x, i8vec4 y);
bvec2 greaterThan(i8vec2 x, i8vec2 y);
bvec3 greaterThan(i8vec3 x, i8vec3 y);
bvec4 greaterThan(i8vec4 x, i8vec4 y);
bvec2 greaterThanEqual(i8vec2 x, i8vec2 y);
bvec3 greaterThanEqual(i8vec3 x, i8vec3 y);
bvec4 greaterThanEqual(i8vec4 x, i8vec4 y);
bvec2 equal(i8vec2 x, i8vec2 y);
bvec3 equal(i8vec3 x, i8vec3 y);
bvec4 equal(i8vec4 x, i8vec4 y);
bvec2 notEqual(i8vec2 x, i8vec2 y);
bvec3 notEqual(i8vec3 x, i8vec3 y);
bvec4 notEqual(i8vec4 x, i8vec4 y);
bvec2 lessThan(u8vec2 x, u8vec2 y);
bvec3 lessThan(u8vec3 x, u8vec3 y);
bvec4 lessThan(u8vec4 x, u8vec4 y);
bvec2 lessThanEqual(u8vec2 x, u8vec2 y);
bvec3 lessThanEqual(u8vec3 x, u8vec3 y);
bvec4 lessThanEqual(u8vec4 x, u8vec4 y);
bvec2 greaterThan(u8vec2 x, u8vec2 y);
bvec3 greaterThan(u8vec3 x, u8vec3 y);
bvec4 greaterThan(u8vec4 x, u8vec4 y);
bvec2 greaterThanEqual(u8vec2 x, u8vec2 y);
bvec3 greaterThanEqual(u8vec3 x, u8vec3 y);
bvec4 greaterThanEqual(u8vec4 x, u8vec4 y);
bvec2 equal(u8vec2 x, u8vec2 y);
bvec3 equal(u8vec3 x, u8vec3 y);
bvec4 equal(u8vec4 x, u8vec4 y);
bvec2 notEqual(u8vec2 x, u8vec2 y);
bvec3 notEqual(u8vec3 x, u8vec3 y);
bvec4 notEqual(u8vec4 x, u8vec4 y);

// ---- Integer functions (8.8); GL_MESA_shader_integer_functions brings them to GLSL 1.30 and ESSL 3.00 ----
@ gl 400 es 310 ext GL_ARB_gpu_shader5|GL_MESA_shader_integer_functions
genUType uaddCarry(highp genUType x, highp genUType y, out lowp genUType carry);
genUType usubBorrow(highp genUType x, highp genUType y, out lowp genUType borrow);
void umulExtended(highp genUType x, highp genUType y, out highp genUType msb, out highp genUType lsb);
void imulExtended(highp genIType x, highp genIType y, out highp genIType msb, out highp genIType lsb);
genIType bitfieldExtract(genIType value, int offset, int bits);
genUType bitfieldExtract(genUType value, int offset, int bits);
genIType bitfieldInsert(genIType base, genIType insert, int offset, int bits);
genUType bitfieldInsert(genUType base, genUType insert, int offset, int bits);
genIType bitfieldReverse(highp genIType value);
genUType bitfieldReverse(highp genUType value);
@ gl 400 ext GL_ARB_gpu_shader5|GL_MESA_shader_integer_functions
genIType bitCount(genIType value);
genIType bitCount(genUType value);
genIType findLSB(genIType value);
genIType findLSB(genUType value);
genIType findMSB(highp genIType value);
genIType findMSB(highp genUType value);
@ es 310
lowp genIType bitCount(genIType value);
lowp genIType bitCount(genUType value);
lowp genIType findLSB(genIType value);
lowp genIType findLSB(genUType value);
lowp genIType findMSB(highp genIType value);
lowp genIType findMSB(highp genUType value);
@ ext GL_ARB_gpu_shader_int64|GL_AMD_gpu_shader_int64|GL_EXT_shader_explicit_arithmetic_types|GL_EXT_shader_explicit_arithmetic_types_int64
genI64Type bitCount(genI64Type value);
genI64Type bitCount(genU64Type value);
genI64Type findLSB(genI64Type value);
genI64Type findLSB(genU64Type value);
genI64Type findMSB(genI64Type value);
genI64Type findMSB(genU64Type value);
@ ext GL_AMD_gpu_shader_int16|GL_EXT_shader_explicit_arithmetic_types|GL_EXT_shader_explicit_arithmetic_types_int16
genI16Type bitfieldExtract(genI16Type value, int16_t offset, int16_t bits);
genU16Type bitfieldExtract(genU16Type value, int16_t offset, int16_t bits);
genI16Type bitfieldInsert(genI16Type base, genI16Type insert, int16_t offset, int16_t bits);
genU16Type bitfieldInsert(genU16Type base, genU16Type insert, int16_t offset, int16_t bits);
genI16Type bitfieldReverse(genI16Type value);
genU16Type bitfieldReverse(genU16Type value);
genI16Type bitCount(genI16Type value);
genI16Type bitCount(genU16Type value);
genI16Type findLSB(genI16Type value);
genI16Type findLSB(genU16Type value);
genI16Type findMSB(genI16Type value);
genI16Type findMSB(genU16Type value);
@ ext GL_EXT_shader_explicit_arithmetic_types|GL_EXT_shader_explicit_arithmetic_types_int8
genI8Type bitfieldExtract(genI8Type value, int8_t offset, int8_t bits);
genU8Type bitfieldExtract(genU8Type value, int8_t offset, int8_t bits);
genI8Type bitfieldInsert(genI8Type base, genI8Type insert, int8_t offset, int8_t bits);
genU8Type bitfieldInsert(genU8Type base, genU8Type insert, int8_t offset, int8_t bits);
genI8Type bitfieldReverse(genI8Type value);
genU8Type bitfieldReverse(genU8Type value);
genI8Type bitCount(genI8Type value);
genI8Type bitCount(genU8Type value);
genI8Type findLSB(genI8Type value);
genI8Type findLSB(genU8Type value);
genI8Type findMSB(genI8Type value);
genI8Type findMSB(genU8Type value);

// GL_INTEL_shader_integer_functions2.
@ ext GL_INTEL_shader_integer_functions2
genUType countLeadingZeros(genUType value);
genUType countTrailingZeros(genUType value);
genUType absoluteDifference(genIType a, genIType b);
genUType absoluteDifference(genUType a, genUType b);
genIType addSaturate(genIType a, genIType b);
genUType addSaturate(genUType a, genUType b);
genIType subtractSaturate(genIType a, genIType b);
genUType subtractSaturate(genUType a, genUType b);
genIType average(genIType a, genIType b);
genUType average(genUType a, genUType b);
genIType averageRounded(genIType a, genIType b);
genUType averageRounded(genUType a, genUType b);
genU16Type absoluteDifference(genI16Type a, genI16Type b);
genU16Type absoluteDifference(genU16Type a, genU16Type b);
genI16Type addSaturate(genI16Type a, genI16Type b);
genU16Type addSaturate(genU16Type a, genU16Type b);
genI16Type subtractSaturate(genI16Type a, genI16Type b);
genU16Type subtractSaturate(genU16Type a, genU16Type b);
genI16Type average(genI16Type a, genI16Type b);
genU16Type average(genU16Type a, genU16Type b);
genI16Type averageRounded(genI16Type a, genI16Type b);
genU16Type averageRounded(genU16Type a, genU16Type b);
genU64Type absoluteDifference(genI64Type a, genI64Type b);
genU64Type absoluteDifference(genU64Type a, genU64Type b);
genI64Type addSaturate(genI64Type a, genI64Type b);
genU64Type addSaturate(genU64Type a, genU64Type b);
genI64Type subtractSaturate(genI64Type a, genI64Type b);
genU64Type subtractSaturate(genU64Type a, genU64Type b);
genI64Type average(genI64Type a, genI64Type b);
genU64Type average(genU64Type a, genU64Type b);
genI64Type averageRounded(genI64Type a, genI64Type b);
genU64Type averageRounded(genU64Type a, genU64Type b);
genIType multiply32x16(genIType a, genIType b);
genUType multiply32x16(genUType a, genUType b);

// GL_AMD_shader_trinary_minmax.
@ ext GL_AMD_shader_trinary_minmax
genFType min3(genFType x, genFType y, genFType z);
genIType min3(genIType x, genIType y, genIType z);
genUType min3(genUType x, genUType y, genUType z);
genF16Type min3(genF16Type x, genF16Type y, genF16Type z);
genI16Type min3(genI16Type x, genI16Type y, genI16Type z);
genU16Type min3(genU16Type x, genU16Type y, genU16Type z);
genFType max3(genFType x, genFType y, genFType z);
genIType max3(genIType x, genIType y, genIType z);
genUType max3(genUType x, genUType y, genUType z);
genF16Type max3(genF16Type x, genF16Type y, genF16Type z);
genI16Type max3(genI16Type x, genI16Type y, genI16Type z);
genU16Type max3(genU16Type x, genU16Type y, genU16Type z);
genFType mid3(genFType x, genFType y, genFType z);
genIType mid3(genIType x, genIType y, genIType z);
genUType mid3(genUType x, genUType y, genUType z);
genF16Type mid3(genF16Type x, genF16Type y, genF16Type z);
genI16Type mid3(genI16Type x, genI16Type y, genI16Type z);
genU16Type mid3(genU16Type x, genU16Type y, genU16Type z);

// GL_EXT_bfloat16 and GL_EXT_float_e5m2 / GL_EXT_float_e4m3 bit conversions (no generic
// name exists for these types: every vector size is written out).
@ ext GL_EXT_bfloat16
int16_t bfloat16BitsToIntEXT(bfloat16_t value);
uint16_t bfloat16BitsToUintEXT(bfloat16_t value);
bfloat16_t intBitsToBFloat16EXT(int16_t value);
bfloat16_t uintBitsToBFloat16EXT(uint16_t value);
i16vec2 bfloat16BitsToIntEXT(bf16vec2 value);
u16vec2 bfloat16BitsToUintEXT(bf16vec2 value);
bf16vec2 intBitsToBFloat16EXT(i16vec2 value);
bf16vec2 uintBitsToBFloat16EXT(u16vec2 value);
i16vec3 bfloat16BitsToIntEXT(bf16vec3 value);
u16vec3 bfloat16BitsToUintEXT(bf16vec3 value);
bf16vec3 intBitsToBFloat16EXT(i16vec3 value);
bf16vec3 uintBitsToBFloat16EXT(u16vec3 value);
i16vec4 bfloat16BitsToIntEXT(bf16vec4 value);
u16vec4 bfloat16BitsToUintEXT(bf16vec4 value);
bf16vec4 intBitsToBFloat16EXT(i16vec4 value);
bf16vec4 uintBitsToBFloat16EXT(u16vec4 value);
@ ext GL_EXT_float_e5m2
int8_t floate5m2BitsToIntEXT(floate5m2_t value);
uint8_t floate5m2BitsToUintEXT(floate5m2_t value);
floate5m2_t intBitsToFloate5m2EXT(int8_t value);
floate5m2_t uintBitsToFloate5m2EXT(uint8_t value);
void saturatedConvertEXT(out floate5m2_t result, float16_t value);
void saturatedConvertEXT(out floate5m2_t result, bfloat16_t value);
void saturatedConvertEXT(out floate5m2_t result, float value);
void saturatedConvertEXT(out floate5m2_t result, double value);
i8vec2 floate5m2BitsToIntEXT(fe5m2vec2 value);
u8vec2 floate5m2BitsToUintEXT(fe5m2vec2 value);
fe5m2vec2 intBitsToFloate5m2EXT(i8vec2 value);
fe5m2vec2 uintBitsToFloate5m2EXT(u8vec2 value);
void saturatedConvertEXT(out fe5m2vec2 result, f16vec2 value);
void saturatedConvertEXT(out fe5m2vec2 result, bf16vec2 value);
void saturatedConvertEXT(out fe5m2vec2 result, vec2 value);
void saturatedConvertEXT(out fe5m2vec2 result, dvec2 value);
i8vec3 floate5m2BitsToIntEXT(fe5m2vec3 value);
u8vec3 floate5m2BitsToUintEXT(fe5m2vec3 value);
fe5m2vec3 intBitsToFloate5m2EXT(i8vec3 value);
fe5m2vec3 uintBitsToFloate5m2EXT(u8vec3 value);
void saturatedConvertEXT(out fe5m2vec3 result, f16vec3 value);
void saturatedConvertEXT(out fe5m2vec3 result, bf16vec3 value);
void saturatedConvertEXT(out fe5m2vec3 result, vec3 value);
void saturatedConvertEXT(out fe5m2vec3 result, dvec3 value);
i8vec4 floate5m2BitsToIntEXT(fe5m2vec4 value);
u8vec4 floate5m2BitsToUintEXT(fe5m2vec4 value);
fe5m2vec4 intBitsToFloate5m2EXT(i8vec4 value);
fe5m2vec4 uintBitsToFloate5m2EXT(u8vec4 value);
void saturatedConvertEXT(out fe5m2vec4 result, f16vec4 value);
void saturatedConvertEXT(out fe5m2vec4 result, bf16vec4 value);
void saturatedConvertEXT(out fe5m2vec4 result, vec4 value);
void saturatedConvertEXT(out fe5m2vec4 result, dvec4 value);
@ ext GL_EXT_float_e4m3
int8_t floate4m3BitsToIntEXT(floate4m3_t value);
uint8_t floate4m3BitsToUintEXT(floate4m3_t value);
floate4m3_t intBitsToFloate4m3EXT(int8_t value);
floate4m3_t uintBitsToFloate4m3EXT(uint8_t value);
void saturatedConvertEXT(out floate4m3_t result, float16_t value);
void saturatedConvertEXT(out floate4m3_t result, bfloat16_t value);
void saturatedConvertEXT(out floate4m3_t result, float value);
void saturatedConvertEXT(out floate4m3_t result, double value);
i8vec2 floate4m3BitsToIntEXT(fe4m3vec2 value);
u8vec2 floate4m3BitsToUintEXT(fe4m3vec2 value);
fe4m3vec2 intBitsToFloate4m3EXT(i8vec2 value);
fe4m3vec2 uintBitsToFloate4m3EXT(u8vec2 value);
void saturatedConvertEXT(out fe4m3vec2 result, f16vec2 value);
void saturatedConvertEXT(out fe4m3vec2 result, bf16vec2 value);
void saturatedConvertEXT(out fe4m3vec2 result, vec2 value);
void saturatedConvertEXT(out fe4m3vec2 result, dvec2 value);
i8vec3 floate4m3BitsToIntEXT(fe4m3vec3 value);
u8vec3 floate4m3BitsToUintEXT(fe4m3vec3 value);
fe4m3vec3 intBitsToFloate4m3EXT(i8vec3 value);
fe4m3vec3 uintBitsToFloate4m3EXT(u8vec3 value);
void saturatedConvertEXT(out fe4m3vec3 result, f16vec3 value);
void saturatedConvertEXT(out fe4m3vec3 result, bf16vec3 value);
void saturatedConvertEXT(out fe4m3vec3 result, vec3 value);
void saturatedConvertEXT(out fe4m3vec3 result, dvec3 value);
i8vec4 floate4m3BitsToIntEXT(fe4m3vec4 value);
u8vec4 floate4m3BitsToUintEXT(fe4m3vec4 value);
fe4m3vec4 intBitsToFloate4m3EXT(i8vec4 value);
fe4m3vec4 uintBitsToFloate4m3EXT(u8vec4 value);
void saturatedConvertEXT(out fe4m3vec4 result, f16vec4 value);
void saturatedConvertEXT(out fe4m3vec4 result, bf16vec4 value);
void saturatedConvertEXT(out fe4m3vec4 result, vec4 value);
void saturatedConvertEXT(out fe4m3vec4 result, dvec4 value);

// ---- Fragment processing functions (8.14) ----
// Derivatives: fragment shaders (ESSL 1.00 with GL_OES_standard_derivatives).
@ gl 110 es 300 ext GL_OES_standard_derivatives stage frag
genFType dFdx(genFType p);
genFType dFdy(genFType p);
genFType fwidth(genFType p);
@ gl 450 ext GL_ARB_derivative_control stage frag
genFType dFdxFine(genFType p);
genFType dFdyFine(genFType p);
genFType fwidthFine(genFType p);
genFType dFdxCoarse(genFType p);
genFType dFdyCoarse(genFType p);
genFType fwidthCoarse(genFType p);
@ ext GL_AMD_gpu_shader_half_float|GL_EXT_shader_explicit_arithmetic_types|GL_EXT_shader_explicit_arithmetic_types_float16 stage frag
genF16Type dFdx(genF16Type p);
genF16Type dFdy(genF16Type p);
genF16Type fwidth(genF16Type p);
genF16Type dFdxFine(genF16Type p);
genF16Type dFdyFine(genF16Type p);
genF16Type fwidthFine(genF16Type p);
genF16Type dFdxCoarse(genF16Type p);
genF16Type dFdyCoarse(genF16Type p);
genF16Type fwidthCoarse(genF16Type p);
// Double-precision derivatives are declared by glslang only.
@ ext GL_EXT_shader_explicit_arithmetic_types|GL_EXT_shader_explicit_arithmetic_types_float64 stage frag
genDType dFdx(genDType p);
genDType dFdy(genDType p);
genDType fwidth(genDType p);
genDType dFdxFine(genDType p);
genDType dFdyFine(genDType p);
genDType fwidthFine(genDType p);
genDType dFdxCoarse(genDType p);
genDType dFdyCoarse(genDType p);
genDType fwidthCoarse(genDType p);

// Derivatives in compute shaders (GL_NV_compute_shader_derivatives, and
// GL_KHR_compute_shader_derivatives, which also covers task and mesh shaders).
@ ext GL_NV_compute_shader_derivatives|GL_KHR_compute_shader_derivatives stage comp
genFType dFdx(genFType p);
genFType dFdy(genFType p);
genFType fwidth(genFType p);
genFType dFdxFine(genFType p);
genFType dFdyFine(genFType p);
genFType fwidthFine(genFType p);
genFType dFdxCoarse(genFType p);
genFType dFdyCoarse(genFType p);
genFType fwidthCoarse(genFType p);
@ ext GL_NV_compute_shader_derivatives|GL_KHR_compute_shader_derivatives stage comp
genF16Type dFdx(genF16Type p);
genF16Type dFdy(genF16Type p);
genF16Type fwidth(genF16Type p);
genF16Type dFdxFine(genF16Type p);
genF16Type dFdyFine(genF16Type p);
genF16Type fwidthFine(genF16Type p);
genF16Type dFdxCoarse(genF16Type p);
genF16Type dFdyCoarse(genF16Type p);
genF16Type fwidthCoarse(genF16Type p);
@ ext GL_KHR_compute_shader_derivatives stage task|mesh
genFType dFdx(genFType p);
genFType dFdy(genFType p);
genFType fwidth(genFType p);
genFType dFdxFine(genFType p);
genFType dFdyFine(genFType p);
genFType fwidthFine(genFType p);
genFType dFdxCoarse(genFType p);
genFType dFdyCoarse(genFType p);
genFType fwidthCoarse(genFType p);
@ ext GL_KHR_compute_shader_derivatives stage task|mesh
genF16Type dFdx(genF16Type p);
genF16Type dFdy(genF16Type p);
genF16Type fwidth(genF16Type p);
genF16Type dFdxFine(genF16Type p);
genF16Type dFdyFine(genF16Type p);
genF16Type fwidthFine(genF16Type p);
genF16Type dFdxCoarse(genF16Type p);
genF16Type dFdyCoarse(genF16Type p);
genF16Type fwidthCoarse(genF16Type p);

// Interpolation functions. The interpolant must be a fragment-shader input (not expressible).
@ gl 400 es 320 ext GL_ARB_gpu_shader5|GL_OES_shader_multisample_interpolation stage frag
genFType interpolateAtCentroid(genFType interpolant);
genFType interpolateAtSample(genFType interpolant, int sample);
genFType interpolateAtOffset(genFType interpolant, vec2 offset);
@ ext GL_AMD_gpu_shader_half_float|GL_EXT_shader_explicit_arithmetic_types|GL_EXT_shader_explicit_arithmetic_types_float16 stage frag
genF16Type interpolateAtCentroid(genF16Type interpolant);
genF16Type interpolateAtSample(genF16Type interpolant, int sample);
genF16Type interpolateAtOffset(genF16Type interpolant, f16vec2 offset);
// Double-precision interpolation: declared by glslang only.
@ ext GL_EXT_shader_explicit_arithmetic_types|GL_EXT_shader_explicit_arithmetic_types_float64 stage frag
genDType interpolateAtCentroid(genDType interpolant);
genDType interpolateAtSample(genDType interpolant, int sample);
genDType interpolateAtOffset(genDType interpolant, dvec2 offset);
@ ext GL_AMD_shader_explicit_vertex_parameter stage frag
genFType interpolateAtVertexAMD(genFType interpolant, uint vertexIdx);
genIType interpolateAtVertexAMD(genIType interpolant, uint vertexIdx);
genUType interpolateAtVertexAMD(genUType interpolant, uint vertexIdx);
genF16Type interpolateAtVertexAMD(genF16Type interpolant, uint vertexIdx);

// Fragment shader interlock and helper invocations.
@ ext GL_ARB_fragment_shader_interlock stage frag
void beginInvocationInterlockARB();
void endInvocationInterlockARB();
@ ext GL_NV_fragment_shader_interlock stage frag
void beginInvocationInterlockNV();
void endInvocationInterlockNV();
@ ext GL_EXT_demote_to_helper_invocation stage frag
bool helperInvocationEXT();
// GL_EXT_shader_tile_image (colorAttachmentReadEXT, depthAttachmentReadEXT, stencilAttachmentReadEXT)
// is with the texture functions.

// ---- Noise functions (8.15): desktop only, deprecated in 4.40, not declared for SPIR-V ----
@ gl 110 novulkan
float noise1(genFType x);
vec2 noise2(genFType x);
vec3 noise3(genFType x);
vec4 noise4(genFType x);

// ---- Geometry shader functions (8.13) ----
@ gl 400 ext GL_ARB_gpu_shader5 stage geom
void EmitStreamVertex(const int stream);
void EndStreamPrimitive(const int stream);
@ gl 150 es 310 ext GL_ARB_geometry_shader4|GL_EXT_geometry_shader4 stage geom
void EmitVertex();
void EndPrimitive();

// ---- Shader invocation control and memory control functions (8.16, 8.17) ----
@ gl 150 es 310 stage tesc|comp|task|mesh
void barrier();
@ gl 420 es 310 ext GL_ARB_shader_image_load_store|GL_EXT_shader_image_load_store
void memoryBarrier();
@ gl 430 es 310 ext GL_ARB_compute_shader
void memoryBarrierBuffer();
void memoryBarrierImage();
@ gl 430 es 310 ext GL_ARB_compute_shader novulkan
void memoryBarrierAtomicCounter();
@ gl 430 es 310 ext GL_ARB_compute_shader stage comp|task|mesh
void memoryBarrierShared();
void groupMemoryBarrier();
// GL_KHR_memory_scope_semantics: scope, storage and semantics are constant expressions.
@ ext GL_KHR_memory_scope_semantics
void controlBarrier(const int executionScope, const int memoryScope, const int storage, const int semantics);
void memoryBarrier(const int scope, const int storage, const int semantics);
// GL_EXT_split_barrier: compute shaders only; the arguments as for controlBarrier.
@ ext GL_EXT_split_barrier stage comp
void controlBarrierArrive();
void controlBarrierWait();
void controlBarrierArrive(const int executionScope, const int memoryScope, const int storage, const int semantics);
void controlBarrierWait(const int executionScope, const int memoryScope, const int storage, const int semantics);

// ---- Atomic counter functions (8.10): not in Vulkan ----
@ gl 420 es 310 ext GL_ARB_shader_atomic_counters novulkan
uint atomicCounterIncrement(atomic_uint c);
uint atomicCounterDecrement(atomic_uint c);
uint atomicCounter(atomic_uint c);
@ ext GL_ARB_shader_atomic_counter_ops novulkan
uint atomicCounterAddARB(atomic_uint c, uint data);
uint atomicCounterSubtractARB(atomic_uint c, uint data);
uint atomicCounterMinARB(atomic_uint c, uint data);
uint atomicCounterMaxARB(atomic_uint c, uint data);
uint atomicCounterAndARB(atomic_uint c, uint data);
uint atomicCounterOrARB(atomic_uint c, uint data);
uint atomicCounterXorARB(atomic_uint c, uint data);
uint atomicCounterExchangeARB(atomic_uint c, uint data);
uint atomicCounterCompSwapARB(atomic_uint c, uint compare, uint data);
@ gl 460 novulkan
uint atomicCounterAdd(atomic_uint c, uint data);
uint atomicCounterSubtract(atomic_uint c, uint data);
uint atomicCounterMin(atomic_uint c, uint data);
uint atomicCounterMax(atomic_uint c, uint data);
uint atomicCounterAnd(atomic_uint c, uint data);
uint atomicCounterOr(atomic_uint c, uint data);
uint atomicCounterXor(atomic_uint c, uint data);
uint atomicCounterExchange(atomic_uint c, uint data);
uint atomicCounterCompSwap(atomic_uint c, uint compare, uint data);

// ---- Atomic memory functions (8.11) ----
@ gl 430 es 310 ext GL_ARB_shader_storage_buffer_object|GL_ARB_compute_shader
uint atomicAdd(inout coherent volatile uint mem, uint data);
uint atomicMin(inout coherent volatile uint mem, uint data);
uint atomicMax(inout coherent volatile uint mem, uint data);
uint atomicAnd(inout coherent volatile uint mem, uint data);
uint atomicOr(inout coherent volatile uint mem, uint data);
uint atomicXor(inout coherent volatile uint mem, uint data);
uint atomicExchange(inout coherent volatile uint mem, uint data);
uint atomicCompSwap(inout coherent volatile uint mem, uint compare, uint data);
int atomicAdd(inout coherent volatile int mem, int data);
int atomicMin(inout coherent volatile int mem, int data);
int atomicMax(inout coherent volatile int mem, int data);
int atomicAnd(inout coherent volatile int mem, int data);
int atomicOr(inout coherent volatile int mem, int data);
int atomicXor(inout coherent volatile int mem, int data);
int atomicExchange(inout coherent volatile int mem, int data);
int atomicCompSwap(inout coherent volatile int mem, int compare, int data);
@ ext GL_EXT_shader_atomic_int64|GL_NV_shader_atomic_int64
uint64_t atomicAdd(inout coherent volatile uint64_t mem, uint64_t data);
uint64_t atomicMin(inout coherent volatile uint64_t mem, uint64_t data);
uint64_t atomicMax(inout coherent volatile uint64_t mem, uint64_t data);
uint64_t atomicAnd(inout coherent volatile uint64_t mem, uint64_t data);
uint64_t atomicOr(inout coherent volatile uint64_t mem, uint64_t data);
uint64_t atomicXor(inout coherent volatile uint64_t mem, uint64_t data);
uint64_t atomicExchange(inout coherent volatile uint64_t mem, uint64_t data);
uint64_t atomicCompSwap(inout coherent volatile uint64_t mem, uint64_t compare, uint64_t data);
int64_t atomicAdd(inout coherent volatile int64_t mem, int64_t data);
int64_t atomicMin(inout coherent volatile int64_t mem, int64_t data);
int64_t atomicMax(inout coherent volatile int64_t mem, int64_t data);
int64_t atomicAnd(inout coherent volatile int64_t mem, int64_t data);
int64_t atomicOr(inout coherent volatile int64_t mem, int64_t data);
int64_t atomicXor(inout coherent volatile int64_t mem, int64_t data);
int64_t atomicExchange(inout coherent volatile int64_t mem, int64_t data);
int64_t atomicCompSwap(inout coherent volatile int64_t mem, int64_t compare, int64_t data);
@ ext GL_KHR_memory_scope_semantics
uint atomicAdd(inout coherent volatile uint mem, uint data, const int scope, const int storage, const int sem);
uint atomicMin(inout coherent volatile uint mem, uint data, const int scope, const int storage, const int sem);
uint atomicMax(inout coherent volatile uint mem, uint data, const int scope, const int storage, const int sem);
uint atomicAnd(inout coherent volatile uint mem, uint data, const int scope, const int storage, const int sem);
uint atomicOr(inout coherent volatile uint mem, uint data, const int scope, const int storage, const int sem);
uint atomicXor(inout coherent volatile uint mem, uint data, const int scope, const int storage, const int sem);
uint atomicExchange(inout coherent volatile uint mem, uint data, const int scope, const int storage, const int sem);
uint atomicCompSwap(inout coherent volatile uint mem, uint compare, uint data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);
uint atomicLoad(in coherent volatile uint mem, const int scope, const int storage, const int sem);
void atomicStore(out coherent volatile uint mem, uint data, const int scope, const int storage, const int sem);
int atomicAdd(inout coherent volatile int mem, int data, const int scope, const int storage, const int sem);
int atomicMin(inout coherent volatile int mem, int data, const int scope, const int storage, const int sem);
int atomicMax(inout coherent volatile int mem, int data, const int scope, const int storage, const int sem);
int atomicAnd(inout coherent volatile int mem, int data, const int scope, const int storage, const int sem);
int atomicOr(inout coherent volatile int mem, int data, const int scope, const int storage, const int sem);
int atomicXor(inout coherent volatile int mem, int data, const int scope, const int storage, const int sem);
int atomicExchange(inout coherent volatile int mem, int data, const int scope, const int storage, const int sem);
int atomicCompSwap(inout coherent volatile int mem, int compare, int data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);
int atomicLoad(in coherent volatile int mem, const int scope, const int storage, const int sem);
void atomicStore(out coherent volatile int mem, int data, const int scope, const int storage, const int sem);
uint64_t atomicAdd(inout coherent volatile uint64_t mem, uint64_t data, const int scope, const int storage, const int sem);
uint64_t atomicMin(inout coherent volatile uint64_t mem, uint64_t data, const int scope, const int storage, const int sem);
uint64_t atomicMax(inout coherent volatile uint64_t mem, uint64_t data, const int scope, const int storage, const int sem);
uint64_t atomicAnd(inout coherent volatile uint64_t mem, uint64_t data, const int scope, const int storage, const int sem);
uint64_t atomicOr(inout coherent volatile uint64_t mem, uint64_t data, const int scope, const int storage, const int sem);
uint64_t atomicXor(inout coherent volatile uint64_t mem, uint64_t data, const int scope, const int storage, const int sem);
uint64_t atomicExchange(inout coherent volatile uint64_t mem, uint64_t data, const int scope, const int storage, const int sem);
uint64_t atomicCompSwap(inout coherent volatile uint64_t mem, uint64_t compare, uint64_t data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);
uint64_t atomicLoad(in coherent volatile uint64_t mem, const int scope, const int storage, const int sem);
void atomicStore(out coherent volatile uint64_t mem, uint64_t data, const int scope, const int storage, const int sem);
int64_t atomicAdd(inout coherent volatile int64_t mem, int64_t data, const int scope, const int storage, const int sem);
int64_t atomicMin(inout coherent volatile int64_t mem, int64_t data, const int scope, const int storage, const int sem);
int64_t atomicMax(inout coherent volatile int64_t mem, int64_t data, const int scope, const int storage, const int sem);
int64_t atomicAnd(inout coherent volatile int64_t mem, int64_t data, const int scope, const int storage, const int sem);
int64_t atomicOr(inout coherent volatile int64_t mem, int64_t data, const int scope, const int storage, const int sem);
int64_t atomicXor(inout coherent volatile int64_t mem, int64_t data, const int scope, const int storage, const int sem);
int64_t atomicExchange(inout coherent volatile int64_t mem, int64_t data, const int scope, const int storage, const int sem);
int64_t atomicCompSwap(inout coherent volatile int64_t mem, int64_t compare, int64_t data, const int scope, const int storageEqual, const int semEqual, const int storageUnequal, const int semUnequal);
int64_t atomicLoad(in coherent volatile int64_t mem, const int scope, const int storage, const int sem);
void atomicStore(out coherent volatile int64_t mem, int64_t data, const int scope, const int storage, const int sem);
// Floating-point atomics: GL_EXT_shader_atomic_float(2), GL_NV_shader_atomic_float,
// GL_INTEL_shader_atomic_float_minmax (Mesa).
@ ext GL_EXT_shader_atomic_float|GL_NV_shader_atomic_float
float atomicAdd(inout coherent volatile float mem, float data);
@ ext GL_EXT_shader_atomic_float|GL_NV_shader_atomic_float|GL_INTEL_shader_atomic_float_minmax
float atomicExchange(inout coherent volatile float mem, float data);
@ ext GL_EXT_shader_atomic_float2|GL_INTEL_shader_atomic_float_minmax
float atomicMin(inout coherent volatile float mem, float data);
float atomicMax(inout coherent volatile float mem, float data);
@ ext GL_INTEL_shader_atomic_float_minmax
float atomicCompSwap(inout coherent volatile float mem, float compare, float data);
@ ext GL_EXT_shader_atomic_float
double atomicAdd(inout coherent volatile double mem, double data);
double atomicExchange(inout coherent volatile double mem, double data);
float atomicAdd(inout coherent volatile float mem, float data, const int scope, const int storage, const int sem);
float atomicExchange(inout coherent volatile float mem, float data, const int scope, const int storage, const int sem);
float atomicLoad(in coherent volatile float mem, const int scope, const int storage, const int sem);
void atomicStore(out coherent volatile float mem, float data, const int scope, const int storage, const int sem);
double atomicAdd(inout coherent volatile double mem, double data, const int scope, const int storage, const int sem);
double atomicExchange(inout coherent volatile double mem, double data, const int scope, const int storage, const int sem);
double atomicLoad(in coherent volatile double mem, const int scope, const int storage, const int sem);
void atomicStore(out coherent volatile double mem, double data, const int scope, const int storage, const int sem);
@ ext GL_EXT_shader_atomic_float2
double atomicMin(inout coherent volatile double mem, double data);
double atomicMax(inout coherent volatile double mem, double data);
float atomicMin(inout coherent volatile float mem, float data, const int scope, const int storage, const int sem);
float atomicMax(inout coherent volatile float mem, float data, const int scope, const int storage, const int sem);
double atomicMin(inout coherent volatile double mem, double data, const int scope, const int storage, const int sem);
double atomicMax(inout coherent volatile double mem, double data, const int scope, const int storage, const int sem);
float16_t atomicAdd(inout coherent volatile float16_t mem, float16_t data);
float16_t atomicAdd(inout coherent volatile float16_t mem, float16_t data, const int scope, const int storage, const int sem);
float16_t atomicMin(inout coherent volatile float16_t mem, float16_t data);
float16_t atomicMin(inout coherent volatile float16_t mem, float16_t data, const int scope, const int storage, const int sem);
float16_t atomicMax(inout coherent volatile float16_t mem, float16_t data);
float16_t atomicMax(inout coherent volatile float16_t mem, float16_t data, const int scope, const int storage, const int sem);
float16_t atomicExchange(inout coherent volatile float16_t mem, float16_t data);
float16_t atomicExchange(inout coherent volatile float16_t mem, float16_t data, const int scope, const int storage, const int sem);
float16_t atomicLoad(in coherent volatile float16_t mem, const int scope, const int storage, const int sem);
void atomicStore(out coherent volatile float16_t mem, float16_t data, const int scope, const int storage, const int sem);
@ ext GL_NV_shader_atomic_fp16_vector
f16vec2 atomicAdd(inout coherent volatile f16vec2 mem, f16vec2 data);
f16vec4 atomicAdd(inout coherent volatile f16vec4 mem, f16vec4 data);
f16vec2 atomicMin(inout coherent volatile f16vec2 mem, f16vec2 data);
f16vec4 atomicMin(inout coherent volatile f16vec4 mem, f16vec4 data);
f16vec2 atomicMax(inout coherent volatile f16vec2 mem, f16vec2 data);
f16vec4 atomicMax(inout coherent volatile f16vec4 mem, f16vec4 data);
f16vec2 atomicExchange(inout coherent volatile f16vec2 mem, f16vec2 data);
f16vec4 atomicExchange(inout coherent volatile f16vec4 mem, f16vec4 data);

// ---- Shader invocation group functions (8.18) ----
@ gl 460
bool anyInvocation(bool value);
bool allInvocations(bool value);
bool allInvocationsEqual(bool value);
@ ext GL_ARB_shader_group_vote
bool anyInvocationARB(bool value);
bool allInvocationsARB(bool value);
bool allInvocationsEqualARB(bool value);
@ ext GL_EXT_shader_group_vote
bool anyInvocationEXT(bool value);
bool allInvocationsEXT(bool value);
bool allInvocationsEqualEXT(bool value);
@ ext GL_ARB_shader_ballot
uint64_t ballotARB(bool value);
genFType readInvocationARB(genFType data, uint index);
genFType readFirstInvocationARB(genFType data);
genIType readInvocationARB(genIType data, uint index);
genIType readFirstInvocationARB(genIType data);
genUType readInvocationARB(genUType data, uint index);
genUType readFirstInvocationARB(genUType data);

// Shader clocks.
@ ext GL_ARB_shader_clock
uvec2 clock2x32ARB();
uint64_t clockARB();
@ ext GL_EXT_shader_realtime_clock
uvec2 clockRealtime2x32EXT();
uint64_t clockRealtimeEXT();
@ ext GL_AMD_gcn_shader
float cubeFaceIndexAMD(vec3 P);
vec2 cubeFaceCoordAMD(vec3 P);
uint64_t timeAMD();

// GL_EXT_expect_assume.
@ ext GL_EXT_expect_assume
void assumeEXT(bool condition);
genBType expectEXT(genBType value, genBType expected_value);
genIType expectEXT(genIType value, genIType expected_value);
genUType expectEXT(genUType value, genUType expected_value);
genI8Type expectEXT(genI8Type value, genI8Type expected_value);
genU8Type expectEXT(genU8Type value, genU8Type expected_value);
genI16Type expectEXT(genI16Type value, genI16Type expected_value);
genU16Type expectEXT(genU16Type value, genU16Type expected_value);
genI64Type expectEXT(genI64Type value, genI64Type expected_value);
genU64Type expectEXT(genU64Type value, genU64Type expected_value);

// ---- GL_KHR_shader_subgroup_* ----
@ ext GL_KHR_shader_subgroup_basic
void subgroupBarrier();
void subgroupMemoryBarrier();
void subgroupMemoryBarrierBuffer();
void subgroupMemoryBarrierImage();
bool subgroupElect();
@ ext GL_KHR_shader_subgroup_basic stage comp|task|mesh
void subgroupMemoryBarrierShared();
@ ext GL_KHR_shader_subgroup_vote
bool subgroupAll(bool value);
bool subgroupAny(bool value);
bool subgroupAllEqual(genFType value);
bool subgroupAllEqual(genIType value);
bool subgroupAllEqual(genUType value);
bool subgroupAllEqual(genBType value);
bool subgroupAllEqual(genDType value);
@ ext GL_KHR_shader_subgroup_ballot
uvec4 subgroupBallot(bool value);
bool subgroupInverseBallot(uvec4 value);
bool subgroupBallotBitExtract(uvec4 value, uint index);
uint subgroupBallotBitCount(uvec4 value);
uint subgroupBallotInclusiveBitCount(uvec4 value);
uint subgroupBallotExclusiveBitCount(uvec4 value);
uint subgroupBallotFindLSB(uvec4 value);
uint subgroupBallotFindMSB(uvec4 value);
genFType subgroupBroadcast(genFType value, uint id);
genIType subgroupBroadcast(genIType value, uint id);
genUType subgroupBroadcast(genUType value, uint id);
genBType subgroupBroadcast(genBType value, uint id);
genDType subgroupBroadcast(genDType value, uint id);
genFType subgroupBroadcastFirst(genFType value);
genIType subgroupBroadcastFirst(genIType value);
genUType subgroupBroadcastFirst(genUType value);
genBType subgroupBroadcastFirst(genBType value);
genDType subgroupBroadcastFirst(genDType value);
@ ext GL_KHR_shader_subgroup_shuffle
genFType subgroupShuffle(genFType value, uint id);
genIType subgroupShuffle(genIType value, uint id);
genUType subgroupShuffle(genUType value, uint id);
genBType subgroupShuffle(genBType value, uint id);
genDType subgroupShuffle(genDType value, uint id);
genFType subgroupShuffleXor(genFType value, uint mask);
genIType subgroupShuffleXor(genIType value, uint mask);
genUType subgroupShuffleXor(genUType value, uint mask);
genBType subgroupShuffleXor(genBType value, uint mask);
genDType subgroupShuffleXor(genDType value, uint mask);
@ ext GL_KHR_shader_subgroup_shuffle_relative
genFType subgroupShuffleUp(genFType value, uint delta);
genIType subgroupShuffleUp(genIType value, uint delta);
genUType subgroupShuffleUp(genUType value, uint delta);
genBType subgroupShuffleUp(genBType value, uint delta);
genDType subgroupShuffleUp(genDType value, uint delta);
genFType subgroupShuffleDown(genFType value, uint delta);
genIType subgroupShuffleDown(genIType value, uint delta);
genUType subgroupShuffleDown(genUType value, uint delta);
genBType subgroupShuffleDown(genBType value, uint delta);
genDType subgroupShuffleDown(genDType value, uint delta);
@ ext GL_KHR_shader_subgroup_arithmetic
genFType subgroupAdd(genFType value);
genIType subgroupAdd(genIType value);
genUType subgroupAdd(genUType value);
genDType subgroupAdd(genDType value);
genFType subgroupMul(genFType value);
genIType subgroupMul(genIType value);
genUType subgroupMul(genUType value);
genDType subgroupMul(genDType value);
genFType subgroupMin(genFType value);
genIType subgroupMin(genIType value);
genUType subgroupMin(genUType value);
genDType subgroupMin(genDType value);
genFType subgroupMax(genFType value);
genIType subgroupMax(genIType value);
genUType subgroupMax(genUType value);
genDType subgroupMax(genDType value);
genIType subgroupAnd(genIType value);
genUType subgroupAnd(genUType value);
genBType subgroupAnd(genBType value);
genIType subgroupOr(genIType value);
genUType subgroupOr(genUType value);
genBType subgroupOr(genBType value);
genIType subgroupXor(genIType value);
genUType subgroupXor(genUType value);
genBType subgroupXor(genBType value);
genFType subgroupInclusiveAdd(genFType value);
genIType subgroupInclusiveAdd(genIType value);
genUType subgroupInclusiveAdd(genUType value);
genDType subgroupInclusiveAdd(genDType value);
genFType subgroupInclusiveMul(genFType value);
genIType subgroupInclusiveMul(genIType value);
genUType subgroupInclusiveMul(genUType value);
genDType subgroupInclusiveMul(genDType value);
genFType subgroupInclusiveMin(genFType value);
genIType subgroupInclusiveMin(genIType value);
genUType subgroupInclusiveMin(genUType value);
genDType subgroupInclusiveMin(genDType value);
genFType subgroupInclusiveMax(genFType value);
genIType subgroupInclusiveMax(genIType value);
genUType subgroupInclusiveMax(genUType value);
genDType subgroupInclusiveMax(genDType value);
genIType subgroupInclusiveAnd(genIType value);
genUType subgroupInclusiveAnd(genUType value);
genBType subgroupInclusiveAnd(genBType value);
genIType subgroupInclusiveOr(genIType value);
genUType subgroupInclusiveOr(genUType value);
genBType subgroupInclusiveOr(genBType value);
genIType subgroupInclusiveXor(genIType value);
genUType subgroupInclusiveXor(genUType value);
genBType subgroupInclusiveXor(genBType value);
genFType subgroupExclusiveAdd(genFType value);
genIType subgroupExclusiveAdd(genIType value);
genUType subgroupExclusiveAdd(genUType value);
genDType subgroupExclusiveAdd(genDType value);
genFType subgroupExclusiveMul(genFType value);
genIType subgroupExclusiveMul(genIType value);
genUType subgroupExclusiveMul(genUType value);
genDType subgroupExclusiveMul(genDType value);
genFType subgroupExclusiveMin(genFType value);
genIType subgroupExclusiveMin(genIType value);
genUType subgroupExclusiveMin(genUType value);
genDType subgroupExclusiveMin(genDType value);
genFType subgroupExclusiveMax(genFType value);
genIType subgroupExclusiveMax(genIType value);
genUType subgroupExclusiveMax(genUType value);
genDType subgroupExclusiveMax(genDType value);
genIType subgroupExclusiveAnd(genIType value);
genUType subgroupExclusiveAnd(genUType value);
genBType subgroupExclusiveAnd(genBType value);
genIType subgroupExclusiveOr(genIType value);
genUType subgroupExclusiveOr(genUType value);
genBType subgroupExclusiveOr(genBType value);
genIType subgroupExclusiveXor(genIType value);
genUType subgroupExclusiveXor(genUType value);
genBType subgroupExclusiveXor(genBType value);
@ ext GL_KHR_shader_subgroup_clustered
genFType subgroupClusteredAdd(genFType value, const uint clusterSize);
genIType subgroupClusteredAdd(genIType value, const uint clusterSize);
genUType subgroupClusteredAdd(genUType value, const uint clusterSize);
genDType subgroupClusteredAdd(genDType value, const uint clusterSize);
genFType subgroupClusteredMul(genFType value, const uint clusterSize);
genIType subgroupClusteredMul(genIType value, const uint clusterSize);
genUType subgroupClusteredMul(genUType value, const uint clusterSize);
genDType subgroupClusteredMul(genDType value, const uint clusterSize);
genFType subgroupClusteredMin(genFType value, const uint clusterSize);
genIType subgroupClusteredMin(genIType value, const uint clusterSize);
genUType subgroupClusteredMin(genUType value, const uint clusterSize);
genDType subgroupClusteredMin(genDType value, const uint clusterSize);
genFType subgroupClusteredMax(genFType value, const uint clusterSize);
genIType subgroupClusteredMax(genIType value, const uint clusterSize);
genUType subgroupClusteredMax(genUType value, const uint clusterSize);
genDType subgroupClusteredMax(genDType value, const uint clusterSize);
genIType subgroupClusteredAnd(genIType value, const uint clusterSize);
genUType subgroupClusteredAnd(genUType value, const uint clusterSize);
genBType subgroupClusteredAnd(genBType value, const uint clusterSize);
genIType subgroupClusteredOr(genIType value, const uint clusterSize);
genUType subgroupClusteredOr(genUType value, const uint clusterSize);
genBType subgroupClusteredOr(genBType value, const uint clusterSize);
genIType subgroupClusteredXor(genIType value, const uint clusterSize);
genUType subgroupClusteredXor(genUType value, const uint clusterSize);
genBType subgroupClusteredXor(genBType value, const uint clusterSize);
@ ext GL_KHR_shader_subgroup_quad
genFType subgroupQuadBroadcast(genFType value, uint id);
genIType subgroupQuadBroadcast(genIType value, uint id);
genUType subgroupQuadBroadcast(genUType value, uint id);
genBType subgroupQuadBroadcast(genBType value, uint id);
genDType subgroupQuadBroadcast(genDType value, uint id);
genFType subgroupQuadSwapHorizontal(genFType value);
genIType subgroupQuadSwapHorizontal(genIType value);
genUType subgroupQuadSwapHorizontal(genUType value);
genBType subgroupQuadSwapHorizontal(genBType value);
genDType subgroupQuadSwapHorizontal(genDType value);
genFType subgroupQuadSwapVertical(genFType value);
genIType subgroupQuadSwapVertical(genIType value);
genUType subgroupQuadSwapVertical(genUType value);
genBType subgroupQuadSwapVertical(genBType value);
genDType subgroupQuadSwapVertical(genDType value);
genFType subgroupQuadSwapDiagonal(genFType value);
genIType subgroupQuadSwapDiagonal(genIType value);
genUType subgroupQuadSwapDiagonal(genUType value);
genBType subgroupQuadSwapDiagonal(genBType value);
genDType subgroupQuadSwapDiagonal(genDType value);
@ ext GL_KHR_shader_subgroup_rotate
genFType subgroupRotate(genFType value, uint delta);
genIType subgroupRotate(genIType value, uint delta);
genUType subgroupRotate(genUType value, uint delta);
genBType subgroupRotate(genBType value, uint delta);
genDType subgroupRotate(genDType value, uint delta);
genFType subgroupClusteredRotate(genFType value, uint delta, const uint clusterSize);
genIType subgroupClusteredRotate(genIType value, uint delta, const uint clusterSize);
genUType subgroupClusteredRotate(genUType value, uint delta, const uint clusterSize);
genBType subgroupClusteredRotate(genBType value, uint delta, const uint clusterSize);
genDType subgroupClusteredRotate(genDType value, uint delta, const uint clusterSize);
// Explicit-width overloads (GL_EXT_shader_subgroup_extended_types_*). They also need the
// GL_KHR_shader_subgroup_* extension of the function, which the format cannot require too.
@ ext GL_EXT_shader_subgroup_extended_types_float16
bool subgroupAllEqual(genF16Type value);
genF16Type subgroupBroadcast(genF16Type value, uint id);
genF16Type subgroupBroadcastFirst(genF16Type value);
genF16Type subgroupShuffle(genF16Type value, uint id);
genF16Type subgroupShuffleXor(genF16Type value, uint mask);
genF16Type subgroupShuffleUp(genF16Type value, uint delta);
genF16Type subgroupShuffleDown(genF16Type value, uint delta);
genF16Type subgroupAdd(genF16Type value);
genF16Type subgroupMul(genF16Type value);
genF16Type subgroupMin(genF16Type value);
genF16Type subgroupMax(genF16Type value);
genF16Type subgroupInclusiveAdd(genF16Type value);
genF16Type subgroupInclusiveMul(genF16Type value);
genF16Type subgroupInclusiveMin(genF16Type value);
genF16Type subgroupInclusiveMax(genF16Type value);
genF16Type subgroupExclusiveAdd(genF16Type value);
genF16Type subgroupExclusiveMul(genF16Type value);
genF16Type subgroupExclusiveMin(genF16Type value);
genF16Type subgroupExclusiveMax(genF16Type value);
genF16Type subgroupClusteredAdd(genF16Type value, const uint clusterSize);
genF16Type subgroupClusteredMul(genF16Type value, const uint clusterSize);
genF16Type subgroupClusteredMin(genF16Type value, const uint clusterSize);
genF16Type subgroupClusteredMax(genF16Type value, const uint clusterSize);
genF16Type subgroupQuadBroadcast(genF16Type value, uint id);
genF16Type subgroupQuadSwapHorizontal(genF16Type value);
genF16Type subgroupQuadSwapVertical(genF16Type value);
genF16Type subgroupQuadSwapDiagonal(genF16Type value);
genF16Type subgroupRotate(genF16Type value, uint delta);
genF16Type subgroupClusteredRotate(genF16Type value, uint delta, const uint clusterSize);
@ ext GL_EXT_shader_subgroup_extended_types_int8
bool subgroupAllEqual(genI8Type value);
bool subgroupAllEqual(genU8Type value);
genI8Type subgroupBroadcast(genI8Type value, uint id);
genU8Type subgroupBroadcast(genU8Type value, uint id);
genI8Type subgroupBroadcastFirst(genI8Type value);
genU8Type subgroupBroadcastFirst(genU8Type value);
genI8Type subgroupShuffle(genI8Type value, uint id);
genU8Type subgroupShuffle(genU8Type value, uint id);
genI8Type subgroupShuffleXor(genI8Type value, uint mask);
genU8Type subgroupShuffleXor(genU8Type value, uint mask);
genI8Type subgroupShuffleUp(genI8Type value, uint delta);
genU8Type subgroupShuffleUp(genU8Type value, uint delta);
genI8Type subgroupShuffleDown(genI8Type value, uint delta);
genU8Type subgroupShuffleDown(genU8Type value, uint delta);
genI8Type subgroupAdd(genI8Type value);
genU8Type subgroupAdd(genU8Type value);
genI8Type subgroupMul(genI8Type value);
genU8Type subgroupMul(genU8Type value);
genI8Type subgroupMin(genI8Type value);
genU8Type subgroupMin(genU8Type value);
genI8Type subgroupMax(genI8Type value);
genU8Type subgroupMax(genU8Type value);
genI8Type subgroupAnd(genI8Type value);
genU8Type subgroupAnd(genU8Type value);
genI8Type subgroupOr(genI8Type value);
genU8Type subgroupOr(genU8Type value);
genI8Type subgroupXor(genI8Type value);
genU8Type subgroupXor(genU8Type value);
genI8Type subgroupInclusiveAdd(genI8Type value);
genU8Type subgroupInclusiveAdd(genU8Type value);
genI8Type subgroupInclusiveMul(genI8Type value);
genU8Type subgroupInclusiveMul(genU8Type value);
genI8Type subgroupInclusiveMin(genI8Type value);
genU8Type subgroupInclusiveMin(genU8Type value);
genI8Type subgroupInclusiveMax(genI8Type value);
genU8Type subgroupInclusiveMax(genU8Type value);
genI8Type subgroupInclusiveAnd(genI8Type value);
genU8Type subgroupInclusiveAnd(genU8Type value);
genI8Type subgroupInclusiveOr(genI8Type value);
genU8Type subgroupInclusiveOr(genU8Type value);
genI8Type subgroupInclusiveXor(genI8Type value);
genU8Type subgroupInclusiveXor(genU8Type value);
genI8Type subgroupExclusiveAdd(genI8Type value);
genU8Type subgroupExclusiveAdd(genU8Type value);
genI8Type subgroupExclusiveMul(genI8Type value);
genU8Type subgroupExclusiveMul(genU8Type value);
genI8Type subgroupExclusiveMin(genI8Type value);
genU8Type subgroupExclusiveMin(genU8Type value);
genI8Type subgroupExclusiveMax(genI8Type value);
genU8Type subgroupExclusiveMax(genU8Type value);
genI8Type subgroupExclusiveAnd(genI8Type value);
genU8Type subgroupExclusiveAnd(genU8Type value);
genI8Type subgroupExclusiveOr(genI8Type value);
genU8Type subgroupExclusiveOr(genU8Type value);
genI8Type subgroupExclusiveXor(genI8Type value);
genU8Type subgroupExclusiveXor(genU8Type value);
genI8Type subgroupClusteredAdd(genI8Type value, const uint clusterSize);
genU8Type subgroupClusteredAdd(genU8Type value, const uint clusterSize);
genI8Type subgroupClusteredMul(genI8Type value, const uint clusterSize);
genU8Type subgroupClusteredMul(genU8Type value, const uint clusterSize);
genI8Type subgroupClusteredMin(genI8Type value, const uint clusterSize);
genU8Type subgroupClusteredMin(genU8Type value, const uint clusterSize);
genI8Type subgroupClusteredMax(genI8Type value, const uint clusterSize);
genU8Type subgroupClusteredMax(genU8Type value, const uint clusterSize);
genI8Type subgroupClusteredAnd(genI8Type value, const uint clusterSize);
genU8Type subgroupClusteredAnd(genU8Type value, const uint clusterSize);
genI8Type subgroupClusteredOr(genI8Type value, const uint clusterSize);
genU8Type subgroupClusteredOr(genU8Type value, const uint clusterSize);
genI8Type subgroupClusteredXor(genI8Type value, const uint clusterSize);
genU8Type subgroupClusteredXor(genU8Type value, const uint clusterSize);
genI8Type subgroupQuadBroadcast(genI8Type value, uint id);
genU8Type subgroupQuadBroadcast(genU8Type value, uint id);
genI8Type subgroupQuadSwapHorizontal(genI8Type value);
genU8Type subgroupQuadSwapHorizontal(genU8Type value);
genI8Type subgroupQuadSwapVertical(genI8Type value);
genU8Type subgroupQuadSwapVertical(genU8Type value);
genI8Type subgroupQuadSwapDiagonal(genI8Type value);
genU8Type subgroupQuadSwapDiagonal(genU8Type value);
genI8Type subgroupRotate(genI8Type value, uint delta);
genU8Type subgroupRotate(genU8Type value, uint delta);
genI8Type subgroupClusteredRotate(genI8Type value, uint delta, const uint clusterSize);
genU8Type subgroupClusteredRotate(genU8Type value, uint delta, const uint clusterSize);
@ ext GL_EXT_shader_subgroup_extended_types_int16
bool subgroupAllEqual(genI16Type value);
bool subgroupAllEqual(genU16Type value);
genI16Type subgroupBroadcast(genI16Type value, uint id);
genU16Type subgroupBroadcast(genU16Type value, uint id);
genI16Type subgroupBroadcastFirst(genI16Type value);
genU16Type subgroupBroadcastFirst(genU16Type value);
genI16Type subgroupShuffle(genI16Type value, uint id);
genU16Type subgroupShuffle(genU16Type value, uint id);
genI16Type subgroupShuffleXor(genI16Type value, uint mask);
genU16Type subgroupShuffleXor(genU16Type value, uint mask);
genI16Type subgroupShuffleUp(genI16Type value, uint delta);
genU16Type subgroupShuffleUp(genU16Type value, uint delta);
genI16Type subgroupShuffleDown(genI16Type value, uint delta);
genU16Type subgroupShuffleDown(genU16Type value, uint delta);
genI16Type subgroupAdd(genI16Type value);
genU16Type subgroupAdd(genU16Type value);
genI16Type subgroupMul(genI16Type value);
genU16Type subgroupMul(genU16Type value);
genI16Type subgroupMin(genI16Type value);
genU16Type subgroupMin(genU16Type value);
genI16Type subgroupMax(genI16Type value);
genU16Type subgroupMax(genU16Type value);
genI16Type subgroupAnd(genI16Type value);
genU16Type subgroupAnd(genU16Type value);
genI16Type subgroupOr(genI16Type value);
genU16Type subgroupOr(genU16Type value);
genI16Type subgroupXor(genI16Type value);
genU16Type subgroupXor(genU16Type value);
genI16Type subgroupInclusiveAdd(genI16Type value);
genU16Type subgroupInclusiveAdd(genU16Type value);
genI16Type subgroupInclusiveMul(genI16Type value);
genU16Type subgroupInclusiveMul(genU16Type value);
genI16Type subgroupInclusiveMin(genI16Type value);
genU16Type subgroupInclusiveMin(genU16Type value);
genI16Type subgroupInclusiveMax(genI16Type value);
genU16Type subgroupInclusiveMax(genU16Type value);
genI16Type subgroupInclusiveAnd(genI16Type value);
genU16Type subgroupInclusiveAnd(genU16Type value);
genI16Type subgroupInclusiveOr(genI16Type value);
genU16Type subgroupInclusiveOr(genU16Type value);
genI16Type subgroupInclusiveXor(genI16Type value);
genU16Type subgroupInclusiveXor(genU16Type value);
genI16Type subgroupExclusiveAdd(genI16Type value);
genU16Type subgroupExclusiveAdd(genU16Type value);
genI16Type subgroupExclusiveMul(genI16Type value);
genU16Type subgroupExclusiveMul(genU16Type value);
genI16Type subgroupExclusiveMin(genI16Type value);
genU16Type subgroupExclusiveMin(genU16Type value);
genI16Type subgroupExclusiveMax(genI16Type value);
genU16Type subgroupExclusiveMax(genU16Type value);
genI16Type subgroupExclusiveAnd(genI16Type value);
genU16Type subgroupExclusiveAnd(genU16Type value);
genI16Type subgroupExclusiveOr(genI16Type value);
genU16Type subgroupExclusiveOr(genU16Type value);
genI16Type subgroupExclusiveXor(genI16Type value);
genU16Type subgroupExclusiveXor(genU16Type value);
genI16Type subgroupClusteredAdd(genI16Type value, const uint clusterSize);
genU16Type subgroupClusteredAdd(genU16Type value, const uint clusterSize);
genI16Type subgroupClusteredMul(genI16Type value, const uint clusterSize);
genU16Type subgroupClusteredMul(genU16Type value, const uint clusterSize);
genI16Type subgroupClusteredMin(genI16Type value, const uint clusterSize);
genU16Type subgroupClusteredMin(genU16Type value, const uint clusterSize);
genI16Type subgroupClusteredMax(genI16Type value, const uint clusterSize);
genU16Type subgroupClusteredMax(genU16Type value, const uint clusterSize);
genI16Type subgroupClusteredAnd(genI16Type value, const uint clusterSize);
genU16Type subgroupClusteredAnd(genU16Type value, const uint clusterSize);
genI16Type subgroupClusteredOr(genI16Type value, const uint clusterSize);
genU16Type subgroupClusteredOr(genU16Type value, const uint clusterSize);
genI16Type subgroupClusteredXor(genI16Type value, const uint clusterSize);
genU16Type subgroupClusteredXor(genU16Type value, const uint clusterSize);
genI16Type subgroupQuadBroadcast(genI16Type value, uint id);
genU16Type subgroupQuadBroadcast(genU16Type value, uint id);
genI16Type subgroupQuadSwapHorizontal(genI16Type value);
genU16Type subgroupQuadSwapHorizontal(genU16Type value);
genI16Type subgroupQuadSwapVertical(genI16Type value);
genU16Type subgroupQuadSwapVertical(genU16Type value);
genI16Type subgroupQuadSwapDiagonal(genI16Type value);
genU16Type subgroupQuadSwapDiagonal(genU16Type value);
genI16Type subgroupRotate(genI16Type value, uint delta);
genU16Type subgroupRotate(genU16Type value, uint delta);
genI16Type subgroupClusteredRotate(genI16Type value, uint delta, const uint clusterSize);
genU16Type subgroupClusteredRotate(genU16Type value, uint delta, const uint clusterSize);
@ ext GL_EXT_shader_subgroup_extended_types_int64
bool subgroupAllEqual(genI64Type value);
bool subgroupAllEqual(genU64Type value);
genI64Type subgroupBroadcast(genI64Type value, uint id);
genU64Type subgroupBroadcast(genU64Type value, uint id);
genI64Type subgroupBroadcastFirst(genI64Type value);
genU64Type subgroupBroadcastFirst(genU64Type value);
genI64Type subgroupShuffle(genI64Type value, uint id);
genU64Type subgroupShuffle(genU64Type value, uint id);
genI64Type subgroupShuffleXor(genI64Type value, uint mask);
genU64Type subgroupShuffleXor(genU64Type value, uint mask);
genI64Type subgroupShuffleUp(genI64Type value, uint delta);
genU64Type subgroupShuffleUp(genU64Type value, uint delta);
genI64Type subgroupShuffleDown(genI64Type value, uint delta);
genU64Type subgroupShuffleDown(genU64Type value, uint delta);
genI64Type subgroupAdd(genI64Type value);
genU64Type subgroupAdd(genU64Type value);
genI64Type subgroupMul(genI64Type value);
genU64Type subgroupMul(genU64Type value);
genI64Type subgroupMin(genI64Type value);
genU64Type subgroupMin(genU64Type value);
genI64Type subgroupMax(genI64Type value);
genU64Type subgroupMax(genU64Type value);
genI64Type subgroupAnd(genI64Type value);
genU64Type subgroupAnd(genU64Type value);
genI64Type subgroupOr(genI64Type value);
genU64Type subgroupOr(genU64Type value);
genI64Type subgroupXor(genI64Type value);
genU64Type subgroupXor(genU64Type value);
genI64Type subgroupInclusiveAdd(genI64Type value);
genU64Type subgroupInclusiveAdd(genU64Type value);
genI64Type subgroupInclusiveMul(genI64Type value);
genU64Type subgroupInclusiveMul(genU64Type value);
genI64Type subgroupInclusiveMin(genI64Type value);
genU64Type subgroupInclusiveMin(genU64Type value);
genI64Type subgroupInclusiveMax(genI64Type value);
genU64Type subgroupInclusiveMax(genU64Type value);
genI64Type subgroupInclusiveAnd(genI64Type value);
genU64Type subgroupInclusiveAnd(genU64Type value);
genI64Type subgroupInclusiveOr(genI64Type value);
genU64Type subgroupInclusiveOr(genU64Type value);
genI64Type subgroupInclusiveXor(genI64Type value);
genU64Type subgroupInclusiveXor(genU64Type value);
genI64Type subgroupExclusiveAdd(genI64Type value);
genU64Type subgroupExclusiveAdd(genU64Type value);
genI64Type subgroupExclusiveMul(genI64Type value);
genU64Type subgroupExclusiveMul(genU64Type value);
genI64Type subgroupExclusiveMin(genI64Type value);
genU64Type subgroupExclusiveMin(genU64Type value);
genI64Type subgroupExclusiveMax(genI64Type value);
genU64Type subgroupExclusiveMax(genU64Type value);
genI64Type subgroupExclusiveAnd(genI64Type value);
genU64Type subgroupExclusiveAnd(genU64Type value);
genI64Type subgroupExclusiveOr(genI64Type value);
genU64Type subgroupExclusiveOr(genU64Type value);
genI64Type subgroupExclusiveXor(genI64Type value);
genU64Type subgroupExclusiveXor(genU64Type value);
genI64Type subgroupClusteredAdd(genI64Type value, const uint clusterSize);
genU64Type subgroupClusteredAdd(genU64Type value, const uint clusterSize);
genI64Type subgroupClusteredMul(genI64Type value, const uint clusterSize);
genU64Type subgroupClusteredMul(genU64Type value, const uint clusterSize);
genI64Type subgroupClusteredMin(genI64Type value, const uint clusterSize);
genU64Type subgroupClusteredMin(genU64Type value, const uint clusterSize);
genI64Type subgroupClusteredMax(genI64Type value, const uint clusterSize);
genU64Type subgroupClusteredMax(genU64Type value, const uint clusterSize);
genI64Type subgroupClusteredAnd(genI64Type value, const uint clusterSize);
genU64Type subgroupClusteredAnd(genU64Type value, const uint clusterSize);
genI64Type subgroupClusteredOr(genI64Type value, const uint clusterSize);
genU64Type subgroupClusteredOr(genU64Type value, const uint clusterSize);
genI64Type subgroupClusteredXor(genI64Type value, const uint clusterSize);
genU64Type subgroupClusteredXor(genU64Type value, const uint clusterSize);
genI64Type subgroupQuadBroadcast(genI64Type value, uint id);
genU64Type subgroupQuadBroadcast(genU64Type value, uint id);
genI64Type subgroupQuadSwapHorizontal(genI64Type value);
genU64Type subgroupQuadSwapHorizontal(genU64Type value);
genI64Type subgroupQuadSwapVertical(genI64Type value);
genU64Type subgroupQuadSwapVertical(genU64Type value);
genI64Type subgroupQuadSwapDiagonal(genI64Type value);
genU64Type subgroupQuadSwapDiagonal(genU64Type value);
genI64Type subgroupRotate(genI64Type value, uint delta);
genU64Type subgroupRotate(genU64Type value, uint delta);
genI64Type subgroupClusteredRotate(genI64Type value, uint delta, const uint clusterSize);
genU64Type subgroupClusteredRotate(genU64Type value, uint delta, const uint clusterSize);

@ ext GL_EXT_shader_quad_control
bool subgroupQuadAll(bool value);
bool subgroupQuadAny(bool value);

// GL_NV_shader_subgroup_partitioned (every scalar type glslang accepts).
@ ext GL_NV_shader_subgroup_partitioned
uvec4 subgroupPartitionNV(genFType value);
uvec4 subgroupPartitionNV(genIType value);
uvec4 subgroupPartitionNV(genUType value);
uvec4 subgroupPartitionNV(genBType value);
uvec4 subgroupPartitionNV(genDType value);
uvec4 subgroupPartitionNV(genF16Type value);
uvec4 subgroupPartitionNV(genI8Type value);
uvec4 subgroupPartitionNV(genU8Type value);
uvec4 subgroupPartitionNV(genI16Type value);
uvec4 subgroupPartitionNV(genU16Type value);
uvec4 subgroupPartitionNV(genI64Type value);
uvec4 subgroupPartitionNV(genU64Type value);
genFType subgroupPartitionedAddNV(genFType value, uvec4 ballot);
genIType subgroupPartitionedAddNV(genIType value, uvec4 ballot);
genUType subgroupPartitionedAddNV(genUType value, uvec4 ballot);
genDType subgroupPartitionedAddNV(genDType value, uvec4 ballot);
genF16Type subgroupPartitionedAddNV(genF16Type value, uvec4 ballot);
genI8Type subgroupPartitionedAddNV(genI8Type value, uvec4 ballot);
genU8Type subgroupPartitionedAddNV(genU8Type value, uvec4 ballot);
genI16Type subgroupPartitionedAddNV(genI16Type value, uvec4 ballot);
genU16Type subgroupPartitionedAddNV(genU16Type value, uvec4 ballot);
genI64Type subgroupPartitionedAddNV(genI64Type value, uvec4 ballot);
genU64Type subgroupPartitionedAddNV(genU64Type value, uvec4 ballot);
genFType subgroupPartitionedMulNV(genFType value, uvec4 ballot);
genIType subgroupPartitionedMulNV(genIType value, uvec4 ballot);
genUType subgroupPartitionedMulNV(genUType value, uvec4 ballot);
genDType subgroupPartitionedMulNV(genDType value, uvec4 ballot);
genF16Type subgroupPartitionedMulNV(genF16Type value, uvec4 ballot);
genI8Type subgroupPartitionedMulNV(genI8Type value, uvec4 ballot);
genU8Type subgroupPartitionedMulNV(genU8Type value, uvec4 ballot);
genI16Type subgroupPartitionedMulNV(genI16Type value, uvec4 ballot);
genU16Type subgroupPartitionedMulNV(genU16Type value, uvec4 ballot);
genI64Type subgroupPartitionedMulNV(genI64Type value, uvec4 ballot);
genU64Type subgroupPartitionedMulNV(genU64Type value, uvec4 ballot);
genFType subgroupPartitionedMinNV(genFType value, uvec4 ballot);
genIType subgroupPartitionedMinNV(genIType value, uvec4 ballot);
genUType subgroupPartitionedMinNV(genUType value, uvec4 ballot);
genDType subgroupPartitionedMinNV(genDType value, uvec4 ballot);
genF16Type subgroupPartitionedMinNV(genF16Type value, uvec4 ballot);
genI8Type subgroupPartitionedMinNV(genI8Type value, uvec4 ballot);
genU8Type subgroupPartitionedMinNV(genU8Type value, uvec4 ballot);
genI16Type subgroupPartitionedMinNV(genI16Type value, uvec4 ballot);
genU16Type subgroupPartitionedMinNV(genU16Type value, uvec4 ballot);
genI64Type subgroupPartitionedMinNV(genI64Type value, uvec4 ballot);
genU64Type subgroupPartitionedMinNV(genU64Type value, uvec4 ballot);
genFType subgroupPartitionedMaxNV(genFType value, uvec4 ballot);
genIType subgroupPartitionedMaxNV(genIType value, uvec4 ballot);
genUType subgroupPartitionedMaxNV(genUType value, uvec4 ballot);
genDType subgroupPartitionedMaxNV(genDType value, uvec4 ballot);
genF16Type subgroupPartitionedMaxNV(genF16Type value, uvec4 ballot);
genI8Type subgroupPartitionedMaxNV(genI8Type value, uvec4 ballot);
genU8Type subgroupPartitionedMaxNV(genU8Type value, uvec4 ballot);
genI16Type subgroupPartitionedMaxNV(genI16Type value, uvec4 ballot);
genU16Type subgroupPartitionedMaxNV(genU16Type value, uvec4 ballot);
genI64Type subgroupPartitionedMaxNV(genI64Type value, uvec4 ballot);
genU64Type subgroupPartitionedMaxNV(genU64Type value, uvec4 ballot);
genIType subgroupPartitionedAndNV(genIType value, uvec4 ballot);
genUType subgroupPartitionedAndNV(genUType value, uvec4 ballot);
genBType subgroupPartitionedAndNV(genBType value, uvec4 ballot);
genI8Type subgroupPartitionedAndNV(genI8Type value, uvec4 ballot);
genU8Type subgroupPartitionedAndNV(genU8Type value, uvec4 ballot);
genI16Type subgroupPartitionedAndNV(genI16Type value, uvec4 ballot);
genU16Type subgroupPartitionedAndNV(genU16Type value, uvec4 ballot);
genI64Type subgroupPartitionedAndNV(genI64Type value, uvec4 ballot);
genU64Type subgroupPartitionedAndNV(genU64Type value, uvec4 ballot);
genIType subgroupPartitionedOrNV(genIType value, uvec4 ballot);
genUType subgroupPartitionedOrNV(genUType value, uvec4 ballot);
genBType subgroupPartitionedOrNV(genBType value, uvec4 ballot);
genI8Type subgroupPartitionedOrNV(genI8Type value, uvec4 ballot);
genU8Type subgroupPartitionedOrNV(genU8Type value, uvec4 ballot);
genI16Type subgroupPartitionedOrNV(genI16Type value, uvec4 ballot);
genU16Type subgroupPartitionedOrNV(genU16Type value, uvec4 ballot);
genI64Type subgroupPartitionedOrNV(genI64Type value, uvec4 ballot);
genU64Type subgroupPartitionedOrNV(genU64Type value, uvec4 ballot);
genIType subgroupPartitionedXorNV(genIType value, uvec4 ballot);
genUType subgroupPartitionedXorNV(genUType value, uvec4 ballot);
genBType subgroupPartitionedXorNV(genBType value, uvec4 ballot);
genI8Type subgroupPartitionedXorNV(genI8Type value, uvec4 ballot);
genU8Type subgroupPartitionedXorNV(genU8Type value, uvec4 ballot);
genI16Type subgroupPartitionedXorNV(genI16Type value, uvec4 ballot);
genU16Type subgroupPartitionedXorNV(genU16Type value, uvec4 ballot);
genI64Type subgroupPartitionedXorNV(genI64Type value, uvec4 ballot);
genU64Type subgroupPartitionedXorNV(genU64Type value, uvec4 ballot);
genFType subgroupPartitionedInclusiveAddNV(genFType value, uvec4 ballot);
genIType subgroupPartitionedInclusiveAddNV(genIType value, uvec4 ballot);
genUType subgroupPartitionedInclusiveAddNV(genUType value, uvec4 ballot);
genDType subgroupPartitionedInclusiveAddNV(genDType value, uvec4 ballot);
genF16Type subgroupPartitionedInclusiveAddNV(genF16Type value, uvec4 ballot);
genI8Type subgroupPartitionedInclusiveAddNV(genI8Type value, uvec4 ballot);
genU8Type subgroupPartitionedInclusiveAddNV(genU8Type value, uvec4 ballot);
genI16Type subgroupPartitionedInclusiveAddNV(genI16Type value, uvec4 ballot);
genU16Type subgroupPartitionedInclusiveAddNV(genU16Type value, uvec4 ballot);
genI64Type subgroupPartitionedInclusiveAddNV(genI64Type value, uvec4 ballot);
genU64Type subgroupPartitionedInclusiveAddNV(genU64Type value, uvec4 ballot);
genFType subgroupPartitionedInclusiveMulNV(genFType value, uvec4 ballot);
genIType subgroupPartitionedInclusiveMulNV(genIType value, uvec4 ballot);
genUType subgroupPartitionedInclusiveMulNV(genUType value, uvec4 ballot);
genDType subgroupPartitionedInclusiveMulNV(genDType value, uvec4 ballot);
genF16Type subgroupPartitionedInclusiveMulNV(genF16Type value, uvec4 ballot);
genI8Type subgroupPartitionedInclusiveMulNV(genI8Type value, uvec4 ballot);
genU8Type subgroupPartitionedInclusiveMulNV(genU8Type value, uvec4 ballot);
genI16Type subgroupPartitionedInclusiveMulNV(genI16Type value, uvec4 ballot);
genU16Type subgroupPartitionedInclusiveMulNV(genU16Type value, uvec4 ballot);
genI64Type subgroupPartitionedInclusiveMulNV(genI64Type value, uvec4 ballot);
genU64Type subgroupPartitionedInclusiveMulNV(genU64Type value, uvec4 ballot);
genFType subgroupPartitionedInclusiveMinNV(genFType value, uvec4 ballot);
genIType subgroupPartitionedInclusiveMinNV(genIType value, uvec4 ballot);
genUType subgroupPartitionedInclusiveMinNV(genUType value, uvec4 ballot);
genDType subgroupPartitionedInclusiveMinNV(genDType value, uvec4 ballot);
genF16Type subgroupPartitionedInclusiveMinNV(genF16Type value, uvec4 ballot);
genI8Type subgroupPartitionedInclusiveMinNV(genI8Type value, uvec4 ballot);
genU8Type subgroupPartitionedInclusiveMinNV(genU8Type value, uvec4 ballot);
genI16Type subgroupPartitionedInclusiveMinNV(genI16Type value, uvec4 ballot);
genU16Type subgroupPartitionedInclusiveMinNV(genU16Type value, uvec4 ballot);
genI64Type subgroupPartitionedInclusiveMinNV(genI64Type value, uvec4 ballot);
genU64Type subgroupPartitionedInclusiveMinNV(genU64Type value, uvec4 ballot);
genFType subgroupPartitionedInclusiveMaxNV(genFType value, uvec4 ballot);
genIType subgroupPartitionedInclusiveMaxNV(genIType value, uvec4 ballot);
genUType subgroupPartitionedInclusiveMaxNV(genUType value, uvec4 ballot);
genDType subgroupPartitionedInclusiveMaxNV(genDType value, uvec4 ballot);
genF16Type subgroupPartitionedInclusiveMaxNV(genF16Type value, uvec4 ballot);
genI8Type subgroupPartitionedInclusiveMaxNV(genI8Type value, uvec4 ballot);
genU8Type subgroupPartitionedInclusiveMaxNV(genU8Type value, uvec4 ballot);
genI16Type subgroupPartitionedInclusiveMaxNV(genI16Type value, uvec4 ballot);
genU16Type subgroupPartitionedInclusiveMaxNV(genU16Type value, uvec4 ballot);
genI64Type subgroupPartitionedInclusiveMaxNV(genI64Type value, uvec4 ballot);
genU64Type subgroupPartitionedInclusiveMaxNV(genU64Type value, uvec4 ballot);
genIType subgroupPartitionedInclusiveAndNV(genIType value, uvec4 ballot);
genUType subgroupPartitionedInclusiveAndNV(genUType value, uvec4 ballot);
genBType subgroupPartitionedInclusiveAndNV(genBType value, uvec4 ballot);
genI8Type subgroupPartitionedInclusiveAndNV(genI8Type value, uvec4 ballot);
genU8Type subgroupPartitionedInclusiveAndNV(genU8Type value, uvec4 ballot);
genI16Type subgroupPartitionedInclusiveAndNV(genI16Type value, uvec4 ballot);
genU16Type subgroupPartitionedInclusiveAndNV(genU16Type value, uvec4 ballot);
genI64Type subgroupPartitionedInclusiveAndNV(genI64Type value, uvec4 ballot);
genU64Type subgroupPartitionedInclusiveAndNV(genU64Type value, uvec4 ballot);
genIType subgroupPartitionedInclusiveOrNV(genIType value, uvec4 ballot);
genUType subgroupPartitionedInclusiveOrNV(genUType value, uvec4 ballot);
genBType subgroupPartitionedInclusiveOrNV(genBType value, uvec4 ballot);
genI8Type subgroupPartitionedInclusiveOrNV(genI8Type value, uvec4 ballot);
genU8Type subgroupPartitionedInclusiveOrNV(genU8Type value, uvec4 ballot);
genI16Type subgroupPartitionedInclusiveOrNV(genI16Type value, uvec4 ballot);
genU16Type subgroupPartitionedInclusiveOrNV(genU16Type value, uvec4 ballot);
genI64Type subgroupPartitionedInclusiveOrNV(genI64Type value, uvec4 ballot);
genU64Type subgroupPartitionedInclusiveOrNV(genU64Type value, uvec4 ballot);
genIType subgroupPartitionedInclusiveXorNV(genIType value, uvec4 ballot);
genUType subgroupPartitionedInclusiveXorNV(genUType value, uvec4 ballot);
genBType subgroupPartitionedInclusiveXorNV(genBType value, uvec4 ballot);
genI8Type subgroupPartitionedInclusiveXorNV(genI8Type value, uvec4 ballot);
genU8Type subgroupPartitionedInclusiveXorNV(genU8Type value, uvec4 ballot);
genI16Type subgroupPartitionedInclusiveXorNV(genI16Type value, uvec4 ballot);
genU16Type subgroupPartitionedInclusiveXorNV(genU16Type value, uvec4 ballot);
genI64Type subgroupPartitionedInclusiveXorNV(genI64Type value, uvec4 ballot);
genU64Type subgroupPartitionedInclusiveXorNV(genU64Type value, uvec4 ballot);
genFType subgroupPartitionedExclusiveAddNV(genFType value, uvec4 ballot);
genIType subgroupPartitionedExclusiveAddNV(genIType value, uvec4 ballot);
genUType subgroupPartitionedExclusiveAddNV(genUType value, uvec4 ballot);
genDType subgroupPartitionedExclusiveAddNV(genDType value, uvec4 ballot);
genF16Type subgroupPartitionedExclusiveAddNV(genF16Type value, uvec4 ballot);
genI8Type subgroupPartitionedExclusiveAddNV(genI8Type value, uvec4 ballot);
genU8Type subgroupPartitionedExclusiveAddNV(genU8Type value, uvec4 ballot);
genI16Type subgroupPartitionedExclusiveAddNV(genI16Type value, uvec4 ballot);
genU16Type subgroupPartitionedExclusiveAddNV(genU16Type value, uvec4 ballot);
genI64Type subgroupPartitionedExclusiveAddNV(genI64Type value, uvec4 ballot);
genU64Type subgroupPartitionedExclusiveAddNV(genU64Type value, uvec4 ballot);
genFType subgroupPartitionedExclusiveMulNV(genFType value, uvec4 ballot);
genIType subgroupPartitionedExclusiveMulNV(genIType value, uvec4 ballot);
genUType subgroupPartitionedExclusiveMulNV(genUType value, uvec4 ballot);
genDType subgroupPartitionedExclusiveMulNV(genDType value, uvec4 ballot);
genF16Type subgroupPartitionedExclusiveMulNV(genF16Type value, uvec4 ballot);
genI8Type subgroupPartitionedExclusiveMulNV(genI8Type value, uvec4 ballot);
genU8Type subgroupPartitionedExclusiveMulNV(genU8Type value, uvec4 ballot);
genI16Type subgroupPartitionedExclusiveMulNV(genI16Type value, uvec4 ballot);
genU16Type subgroupPartitionedExclusiveMulNV(genU16Type value, uvec4 ballot);
genI64Type subgroupPartitionedExclusiveMulNV(genI64Type value, uvec4 ballot);
genU64Type subgroupPartitionedExclusiveMulNV(genU64Type value, uvec4 ballot);
genFType subgroupPartitionedExclusiveMinNV(genFType value, uvec4 ballot);
genIType subgroupPartitionedExclusiveMinNV(genIType value, uvec4 ballot);
genUType subgroupPartitionedExclusiveMinNV(genUType value, uvec4 ballot);
genDType subgroupPartitionedExclusiveMinNV(genDType value, uvec4 ballot);
genF16Type subgroupPartitionedExclusiveMinNV(genF16Type value, uvec4 ballot);
genI8Type subgroupPartitionedExclusiveMinNV(genI8Type value, uvec4 ballot);
genU8Type subgroupPartitionedExclusiveMinNV(genU8Type value, uvec4 ballot);
genI16Type subgroupPartitionedExclusiveMinNV(genI16Type value, uvec4 ballot);
genU16Type subgroupPartitionedExclusiveMinNV(genU16Type value, uvec4 ballot);
genI64Type subgroupPartitionedExclusiveMinNV(genI64Type value, uvec4 ballot);
genU64Type subgroupPartitionedExclusiveMinNV(genU64Type value, uvec4 ballot);
genFType subgroupPartitionedExclusiveMaxNV(genFType value, uvec4 ballot);
genIType subgroupPartitionedExclusiveMaxNV(genIType value, uvec4 ballot);
genUType subgroupPartitionedExclusiveMaxNV(genUType value, uvec4 ballot);
genDType subgroupPartitionedExclusiveMaxNV(genDType value, uvec4 ballot);
genF16Type subgroupPartitionedExclusiveMaxNV(genF16Type value, uvec4 ballot);
genI8Type subgroupPartitionedExclusiveMaxNV(genI8Type value, uvec4 ballot);
genU8Type subgroupPartitionedExclusiveMaxNV(genU8Type value, uvec4 ballot);
genI16Type subgroupPartitionedExclusiveMaxNV(genI16Type value, uvec4 ballot);
genU16Type subgroupPartitionedExclusiveMaxNV(genU16Type value, uvec4 ballot);
genI64Type subgroupPartitionedExclusiveMaxNV(genI64Type value, uvec4 ballot);
genU64Type subgroupPartitionedExclusiveMaxNV(genU64Type value, uvec4 ballot);
genIType subgroupPartitionedExclusiveAndNV(genIType value, uvec4 ballot);
genUType subgroupPartitionedExclusiveAndNV(genUType value, uvec4 ballot);
genBType subgroupPartitionedExclusiveAndNV(genBType value, uvec4 ballot);
genI8Type subgroupPartitionedExclusiveAndNV(genI8Type value, uvec4 ballot);
genU8Type subgroupPartitionedExclusiveAndNV(genU8Type value, uvec4 ballot);
genI16Type subgroupPartitionedExclusiveAndNV(genI16Type value, uvec4 ballot);
genU16Type subgroupPartitionedExclusiveAndNV(genU16Type value, uvec4 ballot);
genI64Type subgroupPartitionedExclusiveAndNV(genI64Type value, uvec4 ballot);
genU64Type subgroupPartitionedExclusiveAndNV(genU64Type value, uvec4 ballot);
genIType subgroupPartitionedExclusiveOrNV(genIType value, uvec4 ballot);
genUType subgroupPartitionedExclusiveOrNV(genUType value, uvec4 ballot);
genBType subgroupPartitionedExclusiveOrNV(genBType value, uvec4 ballot);
genI8Type subgroupPartitionedExclusiveOrNV(genI8Type value, uvec4 ballot);
genU8Type subgroupPartitionedExclusiveOrNV(genU8Type value, uvec4 ballot);
genI16Type subgroupPartitionedExclusiveOrNV(genI16Type value, uvec4 ballot);
genU16Type subgroupPartitionedExclusiveOrNV(genU16Type value, uvec4 ballot);
genI64Type subgroupPartitionedExclusiveOrNV(genI64Type value, uvec4 ballot);
genU64Type subgroupPartitionedExclusiveOrNV(genU64Type value, uvec4 ballot);
genIType subgroupPartitionedExclusiveXorNV(genIType value, uvec4 ballot);
genUType subgroupPartitionedExclusiveXorNV(genUType value, uvec4 ballot);
genBType subgroupPartitionedExclusiveXorNV(genBType value, uvec4 ballot);
genI8Type subgroupPartitionedExclusiveXorNV(genI8Type value, uvec4 ballot);
genU8Type subgroupPartitionedExclusiveXorNV(genU8Type value, uvec4 ballot);
genI16Type subgroupPartitionedExclusiveXorNV(genI16Type value, uvec4 ballot);
genU16Type subgroupPartitionedExclusiveXorNV(genU16Type value, uvec4 ballot);
genI64Type subgroupPartitionedExclusiveXorNV(genI64Type value, uvec4 ballot);
genU64Type subgroupPartitionedExclusiveXorNV(genU64Type value, uvec4 ballot);

// ---- GL_AMD_shader_ballot ----
@ ext GL_AMD_shader_ballot
genFType minInvocationsAMD(genFType data);
genIType minInvocationsAMD(genIType data);
genUType minInvocationsAMD(genUType data);
genDType minInvocationsAMD(genDType data);
genI64Type minInvocationsAMD(genI64Type data);
genU64Type minInvocationsAMD(genU64Type data);
genF16Type minInvocationsAMD(genF16Type data);
genI16Type minInvocationsAMD(genI16Type data);
genU16Type minInvocationsAMD(genU16Type data);
genFType minInvocationsNonUniformAMD(genFType data);
genIType minInvocationsNonUniformAMD(genIType data);
genUType minInvocationsNonUniformAMD(genUType data);
genDType minInvocationsNonUniformAMD(genDType data);
genI64Type minInvocationsNonUniformAMD(genI64Type data);
genU64Type minInvocationsNonUniformAMD(genU64Type data);
genF16Type minInvocationsNonUniformAMD(genF16Type data);
genI16Type minInvocationsNonUniformAMD(genI16Type data);
genU16Type minInvocationsNonUniformAMD(genU16Type data);
genFType minInvocationsInclusiveScanAMD(genFType data);
genIType minInvocationsInclusiveScanAMD(genIType data);
genUType minInvocationsInclusiveScanAMD(genUType data);
genDType minInvocationsInclusiveScanAMD(genDType data);
genI64Type minInvocationsInclusiveScanAMD(genI64Type data);
genU64Type minInvocationsInclusiveScanAMD(genU64Type data);
genF16Type minInvocationsInclusiveScanAMD(genF16Type data);
genI16Type minInvocationsInclusiveScanAMD(genI16Type data);
genU16Type minInvocationsInclusiveScanAMD(genU16Type data);
genFType minInvocationsInclusiveScanNonUniformAMD(genFType data);
genIType minInvocationsInclusiveScanNonUniformAMD(genIType data);
genUType minInvocationsInclusiveScanNonUniformAMD(genUType data);
genDType minInvocationsInclusiveScanNonUniformAMD(genDType data);
genI64Type minInvocationsInclusiveScanNonUniformAMD(genI64Type data);
genU64Type minInvocationsInclusiveScanNonUniformAMD(genU64Type data);
genF16Type minInvocationsInclusiveScanNonUniformAMD(genF16Type data);
genI16Type minInvocationsInclusiveScanNonUniformAMD(genI16Type data);
genU16Type minInvocationsInclusiveScanNonUniformAMD(genU16Type data);
genFType minInvocationsExclusiveScanAMD(genFType data);
genIType minInvocationsExclusiveScanAMD(genIType data);
genUType minInvocationsExclusiveScanAMD(genUType data);
genDType minInvocationsExclusiveScanAMD(genDType data);
genI64Type minInvocationsExclusiveScanAMD(genI64Type data);
genU64Type minInvocationsExclusiveScanAMD(genU64Type data);
genF16Type minInvocationsExclusiveScanAMD(genF16Type data);
genI16Type minInvocationsExclusiveScanAMD(genI16Type data);
genU16Type minInvocationsExclusiveScanAMD(genU16Type data);
genFType minInvocationsExclusiveScanNonUniformAMD(genFType data);
genIType minInvocationsExclusiveScanNonUniformAMD(genIType data);
genUType minInvocationsExclusiveScanNonUniformAMD(genUType data);
genDType minInvocationsExclusiveScanNonUniformAMD(genDType data);
genI64Type minInvocationsExclusiveScanNonUniformAMD(genI64Type data);
genU64Type minInvocationsExclusiveScanNonUniformAMD(genU64Type data);
genF16Type minInvocationsExclusiveScanNonUniformAMD(genF16Type data);
genI16Type minInvocationsExclusiveScanNonUniformAMD(genI16Type data);
genU16Type minInvocationsExclusiveScanNonUniformAMD(genU16Type data);
genFType maxInvocationsAMD(genFType data);
genIType maxInvocationsAMD(genIType data);
genUType maxInvocationsAMD(genUType data);
genDType maxInvocationsAMD(genDType data);
genI64Type maxInvocationsAMD(genI64Type data);
genU64Type maxInvocationsAMD(genU64Type data);
genF16Type maxInvocationsAMD(genF16Type data);
genI16Type maxInvocationsAMD(genI16Type data);
genU16Type maxInvocationsAMD(genU16Type data);
genFType maxInvocationsNonUniformAMD(genFType data);
genIType maxInvocationsNonUniformAMD(genIType data);
genUType maxInvocationsNonUniformAMD(genUType data);
genDType maxInvocationsNonUniformAMD(genDType data);
genI64Type maxInvocationsNonUniformAMD(genI64Type data);
genU64Type maxInvocationsNonUniformAMD(genU64Type data);
genF16Type maxInvocationsNonUniformAMD(genF16Type data);
genI16Type maxInvocationsNonUniformAMD(genI16Type data);
genU16Type maxInvocationsNonUniformAMD(genU16Type data);
genFType maxInvocationsInclusiveScanAMD(genFType data);
genIType maxInvocationsInclusiveScanAMD(genIType data);
genUType maxInvocationsInclusiveScanAMD(genUType data);
genDType maxInvocationsInclusiveScanAMD(genDType data);
genI64Type maxInvocationsInclusiveScanAMD(genI64Type data);
genU64Type maxInvocationsInclusiveScanAMD(genU64Type data);
genF16Type maxInvocationsInclusiveScanAMD(genF16Type data);
genI16Type maxInvocationsInclusiveScanAMD(genI16Type data);
genU16Type maxInvocationsInclusiveScanAMD(genU16Type data);
genFType maxInvocationsInclusiveScanNonUniformAMD(genFType data);
genIType maxInvocationsInclusiveScanNonUniformAMD(genIType data);
genUType maxInvocationsInclusiveScanNonUniformAMD(genUType data);
genDType maxInvocationsInclusiveScanNonUniformAMD(genDType data);
genI64Type maxInvocationsInclusiveScanNonUniformAMD(genI64Type data);
genU64Type maxInvocationsInclusiveScanNonUniformAMD(genU64Type data);
genF16Type maxInvocationsInclusiveScanNonUniformAMD(genF16Type data);
genI16Type maxInvocationsInclusiveScanNonUniformAMD(genI16Type data);
genU16Type maxInvocationsInclusiveScanNonUniformAMD(genU16Type data);
genFType maxInvocationsExclusiveScanAMD(genFType data);
genIType maxInvocationsExclusiveScanAMD(genIType data);
genUType maxInvocationsExclusiveScanAMD(genUType data);
genDType maxInvocationsExclusiveScanAMD(genDType data);
genI64Type maxInvocationsExclusiveScanAMD(genI64Type data);
genU64Type maxInvocationsExclusiveScanAMD(genU64Type data);
genF16Type maxInvocationsExclusiveScanAMD(genF16Type data);
genI16Type maxInvocationsExclusiveScanAMD(genI16Type data);
genU16Type maxInvocationsExclusiveScanAMD(genU16Type data);
genFType maxInvocationsExclusiveScanNonUniformAMD(genFType data);
genIType maxInvocationsExclusiveScanNonUniformAMD(genIType data);
genUType maxInvocationsExclusiveScanNonUniformAMD(genUType data);
genDType maxInvocationsExclusiveScanNonUniformAMD(genDType data);
genI64Type maxInvocationsExclusiveScanNonUniformAMD(genI64Type data);
genU64Type maxInvocationsExclusiveScanNonUniformAMD(genU64Type data);
genF16Type maxInvocationsExclusiveScanNonUniformAMD(genF16Type data);
genI16Type maxInvocationsExclusiveScanNonUniformAMD(genI16Type data);
genU16Type maxInvocationsExclusiveScanNonUniformAMD(genU16Type data);
genFType addInvocationsAMD(genFType data);
genIType addInvocationsAMD(genIType data);
genUType addInvocationsAMD(genUType data);
genDType addInvocationsAMD(genDType data);
genI64Type addInvocationsAMD(genI64Type data);
genU64Type addInvocationsAMD(genU64Type data);
genF16Type addInvocationsAMD(genF16Type data);
genI16Type addInvocationsAMD(genI16Type data);
genU16Type addInvocationsAMD(genU16Type data);
genFType addInvocationsNonUniformAMD(genFType data);
genIType addInvocationsNonUniformAMD(genIType data);
genUType addInvocationsNonUniformAMD(genUType data);
genDType addInvocationsNonUniformAMD(genDType data);
genI64Type addInvocationsNonUniformAMD(genI64Type data);
genU64Type addInvocationsNonUniformAMD(genU64Type data);
genF16Type addInvocationsNonUniformAMD(genF16Type data);
genI16Type addInvocationsNonUniformAMD(genI16Type data);
genU16Type addInvocationsNonUniformAMD(genU16Type data);
genFType addInvocationsInclusiveScanAMD(genFType data);
genIType addInvocationsInclusiveScanAMD(genIType data);
genUType addInvocationsInclusiveScanAMD(genUType data);
genDType addInvocationsInclusiveScanAMD(genDType data);
genI64Type addInvocationsInclusiveScanAMD(genI64Type data);
genU64Type addInvocationsInclusiveScanAMD(genU64Type data);
genF16Type addInvocationsInclusiveScanAMD(genF16Type data);
genI16Type addInvocationsInclusiveScanAMD(genI16Type data);
genU16Type addInvocationsInclusiveScanAMD(genU16Type data);
genFType addInvocationsInclusiveScanNonUniformAMD(genFType data);
genIType addInvocationsInclusiveScanNonUniformAMD(genIType data);
genUType addInvocationsInclusiveScanNonUniformAMD(genUType data);
genDType addInvocationsInclusiveScanNonUniformAMD(genDType data);
genI64Type addInvocationsInclusiveScanNonUniformAMD(genI64Type data);
genU64Type addInvocationsInclusiveScanNonUniformAMD(genU64Type data);
genF16Type addInvocationsInclusiveScanNonUniformAMD(genF16Type data);
genI16Type addInvocationsInclusiveScanNonUniformAMD(genI16Type data);
genU16Type addInvocationsInclusiveScanNonUniformAMD(genU16Type data);
genFType addInvocationsExclusiveScanAMD(genFType data);
genIType addInvocationsExclusiveScanAMD(genIType data);
genUType addInvocationsExclusiveScanAMD(genUType data);
genDType addInvocationsExclusiveScanAMD(genDType data);
genI64Type addInvocationsExclusiveScanAMD(genI64Type data);
genU64Type addInvocationsExclusiveScanAMD(genU64Type data);
genF16Type addInvocationsExclusiveScanAMD(genF16Type data);
genI16Type addInvocationsExclusiveScanAMD(genI16Type data);
genU16Type addInvocationsExclusiveScanAMD(genU16Type data);
genFType addInvocationsExclusiveScanNonUniformAMD(genFType data);
genIType addInvocationsExclusiveScanNonUniformAMD(genIType data);
genUType addInvocationsExclusiveScanNonUniformAMD(genUType data);
genDType addInvocationsExclusiveScanNonUniformAMD(genDType data);
genI64Type addInvocationsExclusiveScanNonUniformAMD(genI64Type data);
genU64Type addInvocationsExclusiveScanNonUniformAMD(genU64Type data);
genF16Type addInvocationsExclusiveScanNonUniformAMD(genF16Type data);
genI16Type addInvocationsExclusiveScanNonUniformAMD(genI16Type data);
genU16Type addInvocationsExclusiveScanNonUniformAMD(genU16Type data);
genFType swizzleInvocationsAMD(genFType data, const uvec4 offset);
genFType swizzleInvocationsMaskedAMD(genFType data, const uvec3 mask);
genFType writeInvocationAMD(genFType inputValue, genFType writeValue, uint invocationIndex);
genIType swizzleInvocationsAMD(genIType data, const uvec4 offset);
genIType swizzleInvocationsMaskedAMD(genIType data, const uvec3 mask);
genIType writeInvocationAMD(genIType inputValue, genIType writeValue, uint invocationIndex);
genUType swizzleInvocationsAMD(genUType data, const uvec4 offset);
genUType swizzleInvocationsMaskedAMD(genUType data, const uvec3 mask);
genUType writeInvocationAMD(genUType inputValue, genUType writeValue, uint invocationIndex);
uint mbcntAMD(uint64_t mask);

// ---- Ray tracing (GL_EXT_ray_tracing, GL_NV_ray_tracing and extensions) ----
@ ext GL_EXT_ray_tracing stage rgen|rchit|rmiss
void traceRayEXT(accelerationStructureEXT topLevel, uint rayFlags, uint cullMask, uint sbtRecordOffset, uint sbtRecordStride, uint missIndex, vec3 origin, float Tmin, vec3 direction, float Tmax, const int payload);
@ ext GL_EXT_ray_tracing stage rgen|rchit|rmiss|rcall
void executeCallableEXT(uint sbtRecordIndex, const int callable);
@ ext GL_EXT_ray_tracing stage rint
bool reportIntersectionEXT(float hitT, uint hitKind);
@ ext GL_NV_ray_tracing stage rgen|rchit|rmiss
void traceNV(accelerationStructureNV topLevel, uint rayFlags, uint cullMask, uint sbtRecordOffset, uint sbtRecordStride, uint missIndex, vec3 origin, float Tmin, vec3 direction, float Tmax, const int payload);
@ ext GL_NV_ray_tracing stage rgen|rchit|rmiss|rcall
void executeCallableNV(uint sbtRecordIndex, const int callable);
@ ext GL_NV_ray_tracing stage rint
bool reportIntersectionNV(float hitT, uint hitKind);
@ ext GL_NV_ray_tracing stage rahit
void ignoreIntersectionNV();
void terminateRayNV();
@ ext GL_NV_ray_tracing_motion_blur stage rgen|rchit|rmiss
void traceRayMotionNV(accelerationStructureEXT topLevel, uint rayFlags, uint cullMask, uint sbtRecordOffset, uint sbtRecordStride, uint missIndex, vec3 origin, float Tmin, vec3 direction, float Tmax, float currentTime, const int payload);

// GL_EXT_ray_query: all stages; <committed> must be a constant expression.
@ ext GL_EXT_ray_query
void rayQueryInitializeEXT(rayQueryEXT rayQuery, accelerationStructureEXT topLevel, uint rayFlags, uint cullMask, vec3 origin, float tMin, vec3 direction, float tMax);
bool rayQueryProceedEXT(rayQueryEXT q);
void rayQueryTerminateEXT(rayQueryEXT q);
void rayQueryGenerateIntersectionEXT(rayQueryEXT q, float tHit);
void rayQueryConfirmIntersectionEXT(rayQueryEXT q);
uint rayQueryGetIntersectionTypeEXT(rayQueryEXT q, const bool committed);
float rayQueryGetRayTMinEXT(rayQueryEXT q);
uint rayQueryGetRayFlagsEXT(rayQueryEXT q);
vec3 rayQueryGetWorldRayOriginEXT(rayQueryEXT q);
vec3 rayQueryGetWorldRayDirectionEXT(rayQueryEXT q);
float rayQueryGetIntersectionTEXT(rayQueryEXT q, const bool committed);
int rayQueryGetIntersectionInstanceCustomIndexEXT(rayQueryEXT q, const bool committed);
int rayQueryGetIntersectionInstanceIdEXT(rayQueryEXT q, const bool committed);
uint rayQueryGetIntersectionInstanceShaderBindingTableRecordOffsetEXT(rayQueryEXT q, const bool committed);
int rayQueryGetIntersectionGeometryIndexEXT(rayQueryEXT q, const bool committed);
int rayQueryGetIntersectionPrimitiveIndexEXT(rayQueryEXT q, const bool committed);
vec2 rayQueryGetIntersectionBarycentricsEXT(rayQueryEXT q, const bool committed);
bool rayQueryGetIntersectionFrontFaceEXT(rayQueryEXT q, const bool committed);
bool rayQueryGetIntersectionCandidateAABBOpaqueEXT(rayQueryEXT q);
vec3 rayQueryGetIntersectionObjectRayDirectionEXT(rayQueryEXT q, const bool committed);
vec3 rayQueryGetIntersectionObjectRayOriginEXT(rayQueryEXT q, const bool committed);
mat4x3 rayQueryGetIntersectionObjectToWorldEXT(rayQueryEXT q, const bool committed);
mat4x3 rayQueryGetIntersectionWorldToObjectEXT(rayQueryEXT q, const bool committed);
@ ext GL_NV_linear_swept_spheres
vec3 rayQueryGetIntersectionSpherePositionNV(rayQueryEXT q, const bool committed);
float rayQueryGetIntersectionSphereRadiusNV(rayQueryEXT q, const bool committed);
float rayQueryGetIntersectionLSSHitValueNV(rayQueryEXT q, const bool committed);
bool rayQueryIsSphereHitNV(rayQueryEXT q, const bool committed);
bool rayQueryIsLSSHitNV(rayQueryEXT q, const bool committed);
@ ext GL_NV_cluster_acceleration_structure
int rayQueryGetIntersectionClusterIdNV(rayQueryEXT q, const bool committed);

// GL_NV_displacement_micromap: ray generation, mesh and compute shaders.
@ ext GL_NV_displacement_micromap stage rgen|comp|mesh
vec3 fetchMicroTriangleVertexPositionNV(accelerationStructureEXT as, int instanceId, int geometryIndex, int primitiveIndex, ivec2 barycentrics);
vec2 fetchMicroTriangleVertexBarycentricNV(accelerationStructureEXT as, int instanceId, int geometryIndex, int primitiveIndex, ivec2 barycentrics);

// Hit objects (GL_NV_shader_invocation_reorder): ray generation, closest-hit and miss shaders;
// reordering in ray generation shaders only.
@ ext GL_NV_shader_invocation_reorder stage rgen|rchit|rmiss
void hitObjectTraceRayNV(hitObjectNV hitObject, accelerationStructureEXT topLevel, uint rayFlags, uint cullMask, uint sbtRecordOffset, uint sbtRecordStride, uint missIndex, vec3 origin, float Tmin, vec3 direction, float Tmax, const int payload);
void hitObjectRecordHitNV(hitObjectNV hitObject, accelerationStructureEXT topLevel, int instanceid, int primitiveid, int geometryindex, uint hitKind, uint sbtRecordOffset, uint sbtRecordStride, vec3 origin, float Tmin, vec3 direction, float Tmax, const int attributeLocation);
void hitObjectRecordHitWithIndexNV(hitObjectNV hitObject, accelerationStructureEXT topLevel, int instanceid, int primitiveid, int geometryindex, uint hitKind, uint sbtRecordIndex, vec3 origin, float Tmin, vec3 direction, float Tmax, const int attributeLocation);
void hitObjectRecordMissNV(hitObjectNV hitObject, uint missIndex, vec3 origin, float Tmin, vec3 direction, float Tmax);
void hitObjectRecordEmptyNV(hitObjectNV hitObject);
void hitObjectExecuteShaderNV(hitObjectNV hitObject, const int payload);
bool hitObjectIsEmptyNV(hitObjectNV hitObject);
bool hitObjectIsMissNV(hitObjectNV hitObject);
bool hitObjectIsHitNV(hitObjectNV hitObject);
float hitObjectGetRayTMinNV(hitObjectNV hitObject);
float hitObjectGetRayTMaxNV(hitObjectNV hitObject);
vec3 hitObjectGetWorldRayOriginNV(hitObjectNV hitObject);
vec3 hitObjectGetWorldRayDirectionNV(hitObjectNV hitObject);
vec3 hitObjectGetObjectRayOriginNV(hitObjectNV hitObject);
vec3 hitObjectGetObjectRayDirectionNV(hitObjectNV hitObject);
mat4x3 hitObjectGetWorldToObjectNV(hitObjectNV hitObject);
mat4x3 hitObjectGetObjectToWorldNV(hitObjectNV hitObject);
int hitObjectGetInstanceCustomIndexNV(hitObjectNV hitObject);
int hitObjectGetInstanceIdNV(hitObjectNV hitObject);
int hitObjectGetGeometryIndexNV(hitObjectNV hitObject);
int hitObjectGetPrimitiveIndexNV(hitObjectNV hitObject);
uint hitObjectGetHitKindNV(hitObjectNV hitObject);
float hitObjectGetCurrentTimeNV(hitObjectNV hitObject);
uint hitObjectGetShaderBindingTableRecordIndexNV(hitObjectNV hitObject);
uvec2 hitObjectGetShaderRecordBufferHandleNV(hitObjectNV hitObject);
void hitObjectGetAttributesNV(hitObjectNV hitObject, const int attributeLocation);
@ ext GL_NV_ray_tracing_motion_blur stage rgen|rchit|rmiss
void hitObjectTraceRayMotionNV(hitObjectNV hitObject, accelerationStructureEXT topLevel, uint rayFlags, uint cullMask, uint sbtRecordOffset, uint sbtRecordStride, uint missIndex, vec3 origin, float Tmin, vec3 direction, float Tmax, float currentTime, const int payload);
void hitObjectRecordHitMotionNV(hitObjectNV hitObject, accelerationStructureEXT topLevel, int instanceid, int primitiveid, int geometryindex, uint hitKind, uint sbtRecordOffset, uint sbtRecordStride, vec3 origin, float Tmin, vec3 direction, float Tmax, float currentTime, const int attributeLocation);
void hitObjectRecordHitWithIndexMotionNV(hitObjectNV hitObject, accelerationStructureEXT topLevel, int instanceid, int primitiveid, int geometryindex, uint hitKind, uint sbtRecordIndex, vec3 origin, float Tmin, vec3 direction, float Tmax, float currentTime, const int attributeLocation);
void hitObjectRecordMissMotionNV(hitObjectNV hitObject, uint missIndex, vec3 origin, float Tmin, vec3 direction, float Tmax, float currentTime);
@ ext GL_NV_shader_invocation_reorder stage rgen
void reorderThreadNV(uint hint, uint bits);
void reorderThreadNV(hitObjectNV hitObject);
void reorderThreadNV(hitObjectNV hitObject, uint hint, uint bits);
@ ext GL_NV_linear_swept_spheres stage rgen|rchit|rmiss
vec3 hitObjectGetSpherePositionNV(hitObjectNV hitObject);
float hitObjectGetSphereRadiusNV(hitObjectNV hitObject);
bool hitObjectIsSphereHitNV(hitObjectNV hitObject);
bool hitObjectIsLSSHitNV(hitObjectNV hitObject);
@ ext GL_NV_cluster_acceleration_structure stage rgen|rchit|rmiss
int hitObjectGetClusterIdNV(hitObjectNV hitObject);
// GL_EXT_shader_invocation_reorder.
@ ext GL_EXT_shader_invocation_reorder stage rgen|rchit|rmiss
void hitObjectTraceRayEXT(hitObjectEXT hitObject, accelerationStructureEXT topLevel, uint rayFlags, uint cullMask, uint sbtRecordOffset, uint sbtRecordStride, uint missIndex, vec3 origin, float Tmin, vec3 direction, float Tmax, const int payload);
void hitObjectRecordFromQueryEXT(hitObjectEXT hitObject, rayQueryEXT rayQuery, uint sbtRecordIndex, const int attributeLocation);
void hitObjectRecordFromQueryEXT(hitObjectEXT hitObject, rayQueryEXT rayQuery, uint sbtRecordIndex, const int attributeLocation, uint hitKind);
void hitObjectRecordMissEXT(hitObjectEXT hitObject, uint rayFlags, uint sbtRecordIndex, vec3 origin, float Tmin, vec3 direction, float Tmax);
uint hitObjectGetRayFlagsEXT(hitObjectEXT hitObject);
void hitObjectSetShaderBindingTableRecordIndexEXT(hitObjectEXT hitObject, uint sbtRecordIndex);
void hitObjectRecordEmptyEXT(hitObjectEXT hitObject);
void hitObjectExecuteShaderEXT(hitObjectEXT hitObject, const int payload);
bool hitObjectIsEmptyEXT(hitObjectEXT hitObject);
bool hitObjectIsMissEXT(hitObjectEXT hitObject);
bool hitObjectIsHitEXT(hitObjectEXT hitObject);
float hitObjectGetRayTMinEXT(hitObjectEXT hitObject);
float hitObjectGetRayTMaxEXT(hitObjectEXT hitObject);
vec3 hitObjectGetWorldRayOriginEXT(hitObjectEXT hitObject);
vec3 hitObjectGetWorldRayDirectionEXT(hitObjectEXT hitObject);
vec3 hitObjectGetObjectRayOriginEXT(hitObjectEXT hitObject);
vec3 hitObjectGetObjectRayDirectionEXT(hitObjectEXT hitObject);
mat4x3 hitObjectGetWorldToObjectEXT(hitObjectEXT hitObject);
mat4x3 hitObjectGetObjectToWorldEXT(hitObjectEXT hitObject);
int hitObjectGetInstanceCustomIndexEXT(hitObjectEXT hitObject);
int hitObjectGetInstanceIdEXT(hitObjectEXT hitObject);
int hitObjectGetGeometryIndexEXT(hitObjectEXT hitObject);
int hitObjectGetPrimitiveIndexEXT(hitObjectEXT hitObject);
uint hitObjectGetHitKindEXT(hitObjectEXT hitObject);
float hitObjectGetCurrentTimeEXT(hitObjectEXT hitObject);
uint hitObjectGetShaderBindingTableRecordIndexEXT(hitObjectEXT hitObject);
uvec2 hitObjectGetShaderRecordBufferHandleEXT(hitObjectEXT hitObject);
void hitObjectGetAttributesEXT(hitObjectEXT hitObject, const int attributeLocation);
@ ext GL_EXT_shader_invocation_reorder stage rgen|rchit|rmiss
void hitObjectTraceRayMotionEXT(hitObjectEXT hitObject, accelerationStructureEXT topLevel, uint rayFlags, uint cullMask, uint sbtRecordOffset, uint sbtRecordStride, uint missIndex, vec3 origin, float Tmin, vec3 direction, float Tmax, float currentTime, const int payload);
void hitObjectRecordMissMotionEXT(hitObjectEXT hitObject, uint rayFlags, uint sbtRecordIndex, vec3 origin, float Tmin, vec3 direction, float Tmax, float currentTime);
@ ext GL_EXT_shader_invocation_reorder stage rgen
void reorderThreadEXT(uint hint, uint bits);
void reorderThreadEXT(hitObjectEXT hitObject);
void reorderThreadEXT(hitObjectEXT hitObject, uint hint, uint bits);
@ ext GL_EXT_shader_invocation_reorder stage rgen
void hitObjectReorderExecuteEXT(hitObjectEXT hitObject, const int payload);
void hitObjectReorderExecuteEXT(hitObjectEXT hitObject, uint hint, uint bits, const int payload);
void hitObjectTraceReorderExecuteEXT(hitObjectEXT hitObject, accelerationStructureEXT topLevel, uint rayFlags, uint cullMask, uint sbtRecordOffset, uint sbtRecordStride, uint missIndex, vec3 origin, float Tmin, vec3 direction, float Tmax, const int payload);
void hitObjectTraceReorderExecuteEXT(hitObjectEXT hitObject, accelerationStructureEXT topLevel, uint rayFlags, uint cullMask, uint sbtRecordOffset, uint sbtRecordStride, uint missIndex, vec3 origin, float Tmin, vec3 direction, float Tmax, uint hint, uint bits, const int payload);
void hitObjectTraceMotionReorderExecuteEXT(hitObjectEXT hitObject, accelerationStructureEXT topLevel, uint rayFlags, uint cullMask, uint sbtRecordOffset, uint sbtRecordStride, uint missIndex, vec3 origin, float Tmin, vec3 direction, float Tmax, float currentTime, uint hint, uint bits, const int payload);

// ---- Mesh shading ----
@ ext GL_EXT_mesh_shader stage task
void EmitMeshTasksEXT(uint groupCountX, uint groupCountY, uint groupCountZ);
@ ext GL_EXT_mesh_shader stage mesh
void SetMeshOutputsEXT(uint vertexCount, uint primitiveCount);
@ ext GL_NV_mesh_shader stage mesh
void writePackedPrimitiveIndices4x8NV(uint indexOffset, uint packedIndices);

// ---- Not expressible in this format: array parameters ----
// GL_QCOM_cooperative_matrix_conversion (arrays of any length; coopmat<...> operands):
//   void bitcastQCOM(SrcTy srcArr[SrcLen], DstTy dstArr[DstLen]);
//   void extractSubArrayQCOM(EltTy srcArr[SrcLen], int start_index, EltTy dstArr[DstLen]);
//   void vectorToCoopmatQCOM(SrcEltTy vec[SrcVecLen], coopmat<DstEltTy, gl_ScopeSubgroup, M, N, Use> cm);
//   void coopmatToVectorQCOM(coopmat<SrcEltTy, gl_ScopeSubgroup, M, N, Use> cm, DstEltTy vec[DstVecLen]);

// ==== GL_NV_gpu_shader5: thread votes ==========================================================
@ ext GL_NV_gpu_shader5
bool anyThreadNV(bool value);
bool allThreadsNV(bool value);
bool allThreadsEqualNV(bool value);
