// Built-in variables, constants, structs and blocks. Format: builtins/README.md.
//
// Each `@` header starts a section: the GLSL declarations under it are parsed (in built-in
// mode) only when the header's availability holds for the shader being compiled. Sections are
// kept in dependency order: a section that uses a constant (`gl_MaxDrawBuffers`,
// `gl_MaxPatchVertices`, ...) or a struct comes after the section declaring it.
//
// Sources: the GLSL 4.60 / GLSL ES 3.20 specifications (chapters/builtins.adoc), the extension
// specifications (extensions/), glslang's Initialize.cpp (which version, profile and stage
// declares what) and glslang's DefaultTBuiltInResource (the values of the implementation
// constants).
//
// Conventions:
// * A name is declared by one section per context. Where a declaration changes with the
//   version (a block gaining members, a precision changing) the variants have disjoint
//   availability. A member a block gains with an extension is marked `@requires EXT` at the
//   end of its line: build.rs splits the section into the variants without and with it
//   (builtins/README.md).
// * Variables that exist only through an extension carry `ext` and no `gl`/`es`: the format
//   cannot say "version N and the extension", so the minimum version glslang also requires is
//   dropped.
// * `gl 150-149 compat` (an empty version range plus the compatibility profile) means
//   "compatibility profile only, from 1.50 on".
// * Deprecated state (gl_Vertex, gl_ModelViewMatrix, gl_MaxLights, ...) is available through
//   1.30, in the compatibility profile and with GL_ARB_compatibility
//   (`gl 110-130 compat ext GL_ARB_compatibility`): GLSL 1.40 removed it unless
//   GL_ARB_compatibility is enabled (as Mesa and piglit have it).
// * Built-in blocks cannot be split by profile (there is no "core only" condition), so the
//   desktop gl_PerVertex and gl_PerFragment blocks carry the compatibility members whenever
//   the target is not Vulkan (what glslang does when not generating SPIR-V) and never when it
//   is. The compatibility outputs and fragment inputs of 1.40 (gl_FrontColor, gl_TexCoord,
//   gl_ClipVertex, ...) stay declared too, since a 1.10-1.40 section enabled by the extension
//   would clash with the 1.50 blocks. The checker (check/interface.rs, COMPAT_ONLY) rejects
//   their use outside the compatibility profile and GL_ARB_compatibility.
// * Desktop precision qualifiers are no-ops; sections shared by desktop and ES spell the ES
//   precision.
// * gl_WorkGroupSize's value is a placeholder: the real value comes from the shader's
//   `local_size_*` layout.

// =============================================================================================
// Implementation-dependent constants (all stages). Values: glslang's DefaultTBuiltInResource.
// =============================================================================================

@ gl 110 es 100
const mediump int gl_MaxVertexAttribs = 64;
const mediump int gl_MaxVertexTextureImageUnits = 32;
const mediump int gl_MaxCombinedTextureImageUnits = 80;
const mediump int gl_MaxTextureImageUnits = 32;
const mediump int gl_MaxDrawBuffers = 32;

@ gl 410 es 100
const mediump int gl_MaxVertexUniformVectors = 128;
const mediump int gl_MaxFragmentUniformVectors = 16;

@ gl 410 es 100-100
const mediump int gl_MaxVaryingVectors = 8;

@ es 300
const mediump int gl_MaxVertexOutputVectors = 16;
const mediump int gl_MaxFragmentInputVectors = 15;

@ gl 420 es 300 ext GL_ARB_shading_language_420pack
const mediump int gl_MinProgramTexelOffset = -8;
const mediump int gl_MaxProgramTexelOffset = 7;

@ gl 110
const int gl_MaxVertexUniformComponents = 4096;
const int gl_MaxFragmentUniformComponents = 4096;

// Compatibility-profile constants (they size the compatibility uniform arrays below).
@ gl 110-130 compat ext GL_ARB_compatibility
const int gl_MaxLights = 32;
const int gl_MaxClipPlanes = 6;
const int gl_MaxTextureUnits = 32;
const int gl_MaxTextureCoords = 32;

// Deprecated in 1.30, compatibility profile only from 4.20.
@ gl 110-410 compat ext GL_ARB_compatibility
const int gl_MaxVaryingFloats = 64;

@ gl 130 ext GL_EXT_clip_cull_distance
const mediump int gl_MaxClipDistances = 8;

@ gl 130
const int gl_MaxVaryingComponents = 60;

@ gl 450 ext GL_ARB_cull_distance|GL_EXT_clip_cull_distance
const mediump int gl_MaxCullDistances = 8;
const mediump int gl_MaxCombinedClipAndCullDistances = 8;

// Geometry shader limits.
@ gl 150 es 310
const mediump int gl_MaxGeometryInputComponents = 64;
const mediump int gl_MaxGeometryOutputComponents = 128;
const mediump int gl_MaxGeometryTextureImageUnits = 16;
const mediump int gl_MaxGeometryOutputVertices = 256;
const mediump int gl_MaxGeometryTotalOutputComponents = 1024;
const mediump int gl_MaxGeometryUniformComponents = 1024;

// The same limits for geometry shaders before GLSL 1.50 (GL_ARB_geometry_shader4 /
// GL_EXT_geometry_shader4).
@ gl 110-140 requires GL_ARB_geometry_shader4|GL_EXT_geometry_shader4
const int gl_MaxGeometryTextureImageUnits = 16;
const int gl_MaxGeometryVaryingComponents = 64;
const int gl_MaxVertexVaryingComponents = 64;
const int gl_MaxGeometryUniformComponents = 1024;
const int gl_MaxGeometryOutputVertices = 256;
const int gl_MaxGeometryTotalOutputComponents = 1024;

@ gl 110-120 requires GL_ARB_geometry_shader4|GL_EXT_geometry_shader4
const int gl_MaxVaryingComponents = 60;

@ gl 150
const int gl_MaxGeometryVaryingComponents = 64;
const int gl_MaxVertexOutputComponents = 64;
const int gl_MaxFragmentInputComponents = 128;

// Tessellation limits.
@ gl 150 es 310
const mediump int gl_MaxTessControlInputComponents = 128;
const mediump int gl_MaxTessControlOutputComponents = 128;
const mediump int gl_MaxTessControlTextureImageUnits = 16;
const mediump int gl_MaxTessControlUniformComponents = 1024;
const mediump int gl_MaxTessControlTotalOutputComponents = 4096;
const mediump int gl_MaxTessEvaluationInputComponents = 128;
const mediump int gl_MaxTessEvaluationOutputComponents = 128;
const mediump int gl_MaxTessEvaluationTextureImageUnits = 16;
const mediump int gl_MaxTessEvaluationUniformComponents = 1024;
const mediump int gl_MaxTessPatchComponents = 120;
const mediump int gl_MaxPatchVertices = 32;
const mediump int gl_MaxTessGenLevel = 64;

@ gl 410 ext GL_ARB_viewport_array|GL_OES_viewport_array
const highp int gl_MaxViewports = 16;

// Image limits.
@ gl 130 es 310
const mediump int gl_MaxImageUnits = 8;
const mediump int gl_MaxCombinedShaderOutputResources = 8;
const mediump int gl_MaxVertexImageUniforms = 0;
const mediump int gl_MaxFragmentImageUniforms = 8;
const mediump int gl_MaxCombinedImageUniforms = 8;
const mediump int gl_MaxGeometryImageUniforms = 0;

@ gl 130 es 320
const mediump int gl_MaxTessControlImageUniforms = 0;
const mediump int gl_MaxTessEvaluationImageUniforms = 0;

@ gl 130
const int gl_MaxCombinedImageUnitsAndFragmentOutputs = 8;
const int gl_MaxImageSamples = 0;

// Atomic counter limits.
@ gl 420 es 310 ext GL_ARB_shader_atomic_counters
const mediump int gl_MaxVertexAtomicCounters = 0;
const mediump int gl_MaxFragmentAtomicCounters = 8;
const mediump int gl_MaxCombinedAtomicCounters = 8;
const mediump int gl_MaxAtomicCounterBindings = 1;
const mediump int gl_MaxVertexAtomicCounterBuffers = 0;
const mediump int gl_MaxFragmentAtomicCounterBuffers = 1;
const mediump int gl_MaxCombinedAtomicCounterBuffers = 1;
const mediump int gl_MaxAtomicCounterBufferSize = 16384;
const mediump int gl_MaxGeometryAtomicCounters = 0;
const mediump int gl_MaxGeometryAtomicCounterBuffers = 0;

@ gl 420 es 320 ext GL_ARB_shader_atomic_counters
const mediump int gl_MaxTessControlAtomicCounters = 0;
const mediump int gl_MaxTessEvaluationAtomicCounters = 0;
const mediump int gl_MaxTessControlAtomicCounterBuffers = 0;
const mediump int gl_MaxTessEvaluationAtomicCounterBuffers = 0;

// Compute limits.
@ gl 430 es 310 ext GL_ARB_compute_shader
const highp ivec3 gl_MaxComputeWorkGroupCount = ivec3(65535, 65535, 65535);
const highp ivec3 gl_MaxComputeWorkGroupSize = ivec3(1024, 1024, 64);
const mediump int gl_MaxComputeUniformComponents = 1024;
const mediump int gl_MaxComputeTextureImageUnits = 16;
const mediump int gl_MaxComputeImageUniforms = 8;
const mediump int gl_MaxComputeAtomicCounters = 8;
const mediump int gl_MaxComputeAtomicCounterBuffers = 1;

// Transform feedback limits (enhanced layouts).
@ gl 440 ext GL_ARB_enhanced_layouts
const int gl_MaxTransformFeedbackBuffers = 4;
const int gl_MaxTransformFeedbackInterleavedComponents = 64;

@ gl 450 es 310 ext GL_ARB_ES3_1_compatibility
const mediump int gl_MaxSamples = 4;

@ gl 140 es 310 vulkan
const highp int gl_MaxInputAttachments = 1;

// GL_EXT_blend_func_extended (GLSL ES).
@ ext GL_EXT_blend_func_extended
const mediump int gl_MaxDualSourceDrawBuffersEXT = 1;

// GL_NV_mesh_shader limits.
@ ext GL_NV_mesh_shader
const int gl_MaxMeshOutputVerticesNV = 256;
const int gl_MaxMeshOutputPrimitivesNV = 512;
const ivec3 gl_MaxMeshWorkGroupSizeNV = ivec3(32, 1, 1);
const ivec3 gl_MaxTaskWorkGroupSizeNV = ivec3(32, 1, 1);
const int gl_MaxMeshViewCountNV = 4;

// GL_EXT_mesh_shader limits (glslang's names and default resource values).
@ ext GL_EXT_mesh_shader
const int gl_MaxMeshOutputVerticesEXT = 256;
const int gl_MaxMeshOutputPrimitivesEXT = 256;
const ivec3 gl_MaxMeshWorkGroupSizeEXT = ivec3(128, 128, 128);
const ivec3 gl_MaxTaskWorkGroupSizeEXT = ivec3(128, 128, 128);
const int gl_MaxMeshViewCountEXT = 4;

// =============================================================================================
// Fixed constants of extensions (all stages)
// =============================================================================================

// GL_KHR_memory_scope_semantics: glslang declares these from GLSL 4.20 / ES 3.10 and requires
// the extension only when targeting Vulkan.
@ gl 420 es 310 novulkan
@ vulkan ext GL_KHR_memory_scope_semantics
const int gl_ScopeDevice = 1;
const int gl_ScopeWorkgroup = 2;
const int gl_ScopeSubgroup = 3;
const int gl_ScopeInvocation = 4;
const int gl_ScopeQueueFamily = 5;
const int gl_SemanticsRelaxed = 0x0;
const int gl_SemanticsAcquire = 0x2;
const int gl_SemanticsRelease = 0x4;
const int gl_SemanticsAcquireRelease = 0x8;
const int gl_SemanticsMakeAvailable = 0x2000;
const int gl_SemanticsMakeVisible = 0x4000;
const int gl_SemanticsVolatile = 0x8000;
const int gl_StorageSemanticsNone = 0x0;
const int gl_StorageSemanticsBuffer = 0x40;
const int gl_StorageSemanticsShared = 0x100;
const int gl_StorageSemanticsImage = 0x800;
const int gl_StorageSemanticsOutput = 0x1000;

@ ext GL_EXT_ray_tracing|GL_KHR_memory_scope_semantics
const int gl_ScopeShaderCallEXT = 6;

// GL_NV_ray_tracing
@ ext GL_NV_ray_tracing
const uint gl_RayFlagsNoneNV = uint(0);
const uint gl_RayFlagsOpaqueNV = uint(1);
const uint gl_RayFlagsNoOpaqueNV = uint(2);
const uint gl_RayFlagsTerminateOnFirstHitNV = uint(4);
const uint gl_RayFlagsSkipClosestHitShaderNV = uint(8);
const uint gl_RayFlagsCullBackFacingTrianglesNV = uint(16);
const uint gl_RayFlagsCullFrontFacingTrianglesNV = uint(32);
const uint gl_RayFlagsCullOpaqueNV = uint(64);
const uint gl_RayFlagsCullNoOpaqueNV = uint(128);

// GL_EXT_ray_tracing and GL_EXT_ray_query
@ ext GL_EXT_ray_tracing|GL_EXT_ray_query
const uint gl_RayFlagsNoneEXT = uint(0);
const uint gl_RayFlagsOpaqueEXT = uint(1);
const uint gl_RayFlagsNoOpaqueEXT = uint(2);
const uint gl_RayFlagsTerminateOnFirstHitEXT = uint(4);
const uint gl_RayFlagsSkipClosestHitShaderEXT = uint(8);
const uint gl_RayFlagsCullBackFacingTrianglesEXT = uint(16);
const uint gl_RayFlagsCullFrontFacingTrianglesEXT = uint(32);
const uint gl_RayFlagsCullOpaqueEXT = uint(64);
const uint gl_RayFlagsCullNoOpaqueEXT = uint(128);

@ ext GL_EXT_ray_tracing|GL_EXT_ray_query
const uint gl_HitKindFrontFacingTriangleEXT = uint(0xFE);
const uint gl_HitKindBackFacingTriangleEXT = uint(0xFF);

@ ext GL_EXT_ray_query
const uint gl_RayQueryCandidateIntersectionEXT = uint(0);
const uint gl_RayQueryCommittedIntersectionEXT = uint(1);
const uint gl_RayQueryCommittedIntersectionNoneEXT = uint(0);
const uint gl_RayQueryCommittedIntersectionTriangleEXT = uint(1);
const uint gl_RayQueryCommittedIntersectionGeneratedEXT = uint(2);
const uint gl_RayQueryCandidateIntersectionTriangleEXT = uint(0);
const uint gl_RayQueryCandidateIntersectionAABBEXT = uint(1);

@ ext GL_EXT_ray_flags_primitive_culling
const uint gl_RayFlagsSkipTrianglesEXT = uint(256);
const uint gl_RayFlagsSkipAABBEXT = uint(512);

@ ext GL_EXT_opacity_micromap
const uint gl_RayFlagsForceOpacityMicromap2StateEXT = uint(1024);

@ ext GL_EXT_opacity_micromap_ray_query_mode
const bool gl_EnableOpacityMicromapEXT = false;

@ ext GL_NV_linear_swept_spheres
const uint gl_RayFlagsSkipBuiltinPrimitivesNV = uint(256);

@ ext GL_NV_cluster_acceleration_structure
const int gl_ClusterIDNoneNV = -1;

// GL_NV_displacement_micromap: "constants" whose values are only known at link time.
@ ext GL_NV_displacement_micromap
in uint gl_HitKindFrontFacingMicroTriangleNV;
in uint gl_HitKindBackFacingMicroTriangleNV;

@ ext GL_EXT_fragment_shading_rate
const highp int gl_ShadingRateFlag2VerticalPixelsEXT = 1;
const highp int gl_ShadingRateFlag4VerticalPixelsEXT = 2;
const highp int gl_ShadingRateFlag2HorizontalPixelsEXT = 4;
const highp int gl_ShadingRateFlag4HorizontalPixelsEXT = 8;

// Cooperative matrices and vectors.
@ ext GL_KHR_cooperative_matrix
const int gl_MatrixUseA = 0;
const int gl_MatrixUseB = 1;
const int gl_MatrixUseAccumulator = 2;
const int gl_CooperativeMatrixLayoutRowMajor = 0;
const int gl_CooperativeMatrixLayoutColumnMajor = 1;
const int gl_MatrixOperandsSaturatingAccumulation = 0x10;

@ gl 450 ext GL_ARM_cooperative_matrix_layouts
const int gl_CooperativeMatrixLayoutRowBlockedInterleavedARM = 4202;
const int gl_CooperativeMatrixLayoutColumnBlockedInterleavedARM = 4203;

@ ext GL_NV_cooperative_matrix2
const int gl_CooperativeMatrixClampModeUndefinedNV = 0;
const int gl_CooperativeMatrixClampModeConstantNV = 1;
const int gl_CooperativeMatrixClampModeClampToEdgeNV = 2;
const int gl_CooperativeMatrixClampModeRepeatNV = 3;
const int gl_CooperativeMatrixClampModeMirrorRepeatNV = 4;
const int gl_CooperativeMatrixReduceRowNV = 0x1;
const int gl_CooperativeMatrixReduceColumnNV = 0x2;
const int gl_CooperativeMatrixReduceRowAndColumnNV = 0x3;
const int gl_CooperativeMatrixReduce2x2NV = 0x4;

@ gl 450 ext GL_NV_cooperative_vector
const int gl_ComponentTypeFloat16NV = 0;
const int gl_ComponentTypeFloat32NV = 1;
const int gl_ComponentTypeFloat64NV = 2;
const int gl_ComponentTypeSignedInt8NV = 3;
const int gl_ComponentTypeSignedInt16NV = 4;
const int gl_ComponentTypeSignedInt32NV = 5;
const int gl_ComponentTypeSignedInt64NV = 6;
const int gl_ComponentTypeUnsignedInt8NV = 7;
const int gl_ComponentTypeUnsignedInt16NV = 8;
const int gl_ComponentTypeUnsignedInt32NV = 9;
const int gl_ComponentTypeUnsignedInt64NV = 10;
const int gl_ComponentTypeSignedInt8PackedNV = 1000491000;
const int gl_ComponentTypeUnsignedInt8PackedNV = 1000491001;
const int gl_ComponentTypeFloatE4M3NV = 1000491002;
const int gl_ComponentTypeFloatE5M2NV = 1000491003;
const int gl_CooperativeVectorMatrixLayoutRowMajorNV = 0;
const int gl_CooperativeVectorMatrixLayoutColumnMajorNV = 1;
const int gl_CooperativeVectorMatrixLayoutInferencingOptimalNV = 2;
const int gl_CooperativeVectorMatrixLayoutTrainingOptimalNV = 3;

@ ext GL_ARM_tensors
const uint gl_TensorOperandsNonTemporalARM = uint(0x1);
const uint gl_TensorOperandsOutOfBoundsValueARM = uint(0x2);

// GL_NV_shader_texture_footprint: the footprint structures the `textureFootprint*NV`
// functions write (the function table names them: `BuiltinStruct` in builtin_types.rs).
@ ext GL_NV_shader_texture_footprint
struct gl_TextureFootprint2DNV {
    uvec2 anchor;
    uvec2 offset;
    uvec2 mask;
    uint lod;
    uint granularity;
};
struct gl_TextureFootprint3DNV {
    uvec3 anchor;
    uvec3 offset;
    uvec2 mask;
    uint lod;
    uint granularity;
};

// =============================================================================================
// Uniform state (every stage; not when generating SPIR-V for Vulkan)
// =============================================================================================

@ gl 110 es 100 novulkan
struct gl_DepthRangeParameters {
    highp float near;
    highp float far;
    highp float diff;
};
uniform gl_DepthRangeParameters gl_DepthRange;

// Compatibility-profile state: not in compute shaders.
@ gl 110-130 compat novulkan ext GL_ARB_compatibility stage vert|tesc|tese|geom|frag
uniform mat4 gl_ModelViewMatrix;
uniform mat4 gl_ProjectionMatrix;
uniform mat4 gl_ModelViewProjectionMatrix;
uniform mat4 gl_TextureMatrix[gl_MaxTextureCoords];
uniform mat3 gl_NormalMatrix;
uniform mat4 gl_ModelViewMatrixInverse;
uniform mat4 gl_ProjectionMatrixInverse;
uniform mat4 gl_ModelViewProjectionMatrixInverse;
uniform mat4 gl_TextureMatrixInverse[gl_MaxTextureCoords];
uniform mat4 gl_ModelViewMatrixTranspose;
uniform mat4 gl_ProjectionMatrixTranspose;
uniform mat4 gl_ModelViewProjectionMatrixTranspose;
uniform mat4 gl_TextureMatrixTranspose[gl_MaxTextureCoords];
uniform mat4 gl_ModelViewMatrixInverseTranspose;
uniform mat4 gl_ProjectionMatrixInverseTranspose;
uniform mat4 gl_ModelViewProjectionMatrixInverseTranspose;
uniform mat4 gl_TextureMatrixInverseTranspose[gl_MaxTextureCoords];
uniform float gl_NormalScale;
uniform vec4 gl_ClipPlane[gl_MaxClipPlanes];

@ gl 110-130 compat novulkan ext GL_ARB_compatibility stage vert|tesc|tese|geom|frag
struct gl_PointParameters {
    float size;
    float sizeMin;
    float sizeMax;
    float fadeThresholdSize;
    float distanceConstantAttenuation;
    float distanceLinearAttenuation;
    float distanceQuadraticAttenuation;
};
uniform gl_PointParameters gl_Point;

@ gl 110-130 compat novulkan ext GL_ARB_compatibility stage vert|tesc|tese|geom|frag
struct gl_MaterialParameters {
    vec4 emission;
    vec4 ambient;
    vec4 diffuse;
    vec4 specular;
    float shininess;
};
uniform gl_MaterialParameters gl_FrontMaterial;
uniform gl_MaterialParameters gl_BackMaterial;

@ gl 110-130 compat novulkan ext GL_ARB_compatibility stage vert|tesc|tese|geom|frag
struct gl_LightSourceParameters {
    vec4 ambient;
    vec4 diffuse;
    vec4 specular;
    vec4 position;
    vec4 halfVector;
    vec3 spotDirection;
    float spotExponent;
    float spotCutoff;
    float spotCosCutoff;
    float constantAttenuation;
    float linearAttenuation;
    float quadraticAttenuation;
};
uniform gl_LightSourceParameters gl_LightSource[gl_MaxLights];
struct gl_LightModelParameters {
    vec4 ambient;
};
uniform gl_LightModelParameters gl_LightModel;
struct gl_LightModelProducts {
    vec4 sceneColor;
};
uniform gl_LightModelProducts gl_FrontLightModelProduct;
uniform gl_LightModelProducts gl_BackLightModelProduct;
struct gl_LightProducts {
    vec4 ambient;
    vec4 diffuse;
    vec4 specular;
};
uniform gl_LightProducts gl_FrontLightProduct[gl_MaxLights];
uniform gl_LightProducts gl_BackLightProduct[gl_MaxLights];

@ gl 110-130 compat novulkan ext GL_ARB_compatibility stage vert|tesc|tese|geom|frag
uniform vec4 gl_TextureEnvColor[gl_MaxTextureUnits];
uniform vec4 gl_EyePlaneS[gl_MaxTextureCoords];
uniform vec4 gl_EyePlaneT[gl_MaxTextureCoords];
uniform vec4 gl_EyePlaneR[gl_MaxTextureCoords];
uniform vec4 gl_EyePlaneQ[gl_MaxTextureCoords];
uniform vec4 gl_ObjectPlaneS[gl_MaxTextureCoords];
uniform vec4 gl_ObjectPlaneT[gl_MaxTextureCoords];
uniform vec4 gl_ObjectPlaneR[gl_MaxTextureCoords];
uniform vec4 gl_ObjectPlaneQ[gl_MaxTextureCoords];

@ gl 110-130 compat novulkan ext GL_ARB_compatibility stage vert|tesc|tese|geom|frag
struct gl_FogParameters {
    vec4 color;
    float density;
    float start;
    float end;
    float scale;
};
uniform gl_FogParameters gl_Fog;

// =============================================================================================
// Variables shared by many stages (extensions)
// =============================================================================================

// GL_EXT_device_group
@ stage vert|tesc|tese|geom|comp|task|mesh|rgen|rint|rahit|rchit|rmiss|rcall ext GL_EXT_device_group
in highp int gl_DeviceIndex;

@ stage frag ext GL_EXT_device_group
flat in highp int gl_DeviceIndex;

// GL_EXT_multiview
@ stage vert|tesc|tese|geom|mesh ext GL_EXT_multiview
in highp int gl_ViewIndex;

@ stage frag ext GL_EXT_multiview
flat in highp int gl_ViewIndex;

// GL_OVR_multiview, GL_OVR_multiview2
@ stage vert ext GL_OVR_multiview|GL_OVR_multiview2
in highp uint gl_ViewID_OVR;

@ stage frag ext GL_OVR_multiview|GL_OVR_multiview2
flat in highp uint gl_ViewID_OVR;

// GL_KHR_shader_subgroup: any subgroup extension (and GL_NV_shader_subgroup_partitioned)
// implicitly enables ..._basic.
@ stage vert|tesc|tese|geom|comp|task|mesh|rahit ext GL_KHR_shader_subgroup_basic|GL_KHR_shader_subgroup_vote|GL_KHR_shader_subgroup_arithmetic|GL_KHR_shader_subgroup_ballot|GL_KHR_shader_subgroup_shuffle|GL_KHR_shader_subgroup_shuffle_relative|GL_KHR_shader_subgroup_clustered|GL_KHR_shader_subgroup_quad|GL_KHR_shader_subgroup_rotate|GL_NV_shader_subgroup_partitioned
in mediump uint gl_SubgroupSize;
in mediump uint gl_SubgroupInvocationID;

@ stage frag ext GL_KHR_shader_subgroup_basic|GL_KHR_shader_subgroup_vote|GL_KHR_shader_subgroup_arithmetic|GL_KHR_shader_subgroup_ballot|GL_KHR_shader_subgroup_shuffle|GL_KHR_shader_subgroup_shuffle_relative|GL_KHR_shader_subgroup_clustered|GL_KHR_shader_subgroup_quad|GL_KHR_shader_subgroup_rotate|GL_NV_shader_subgroup_partitioned
flat in mediump uint gl_SubgroupSize;
flat in mediump uint gl_SubgroupInvocationID;

@ stage rgen|rint|rchit|rmiss|rcall ext GL_KHR_shader_subgroup_basic|GL_KHR_shader_subgroup_vote|GL_KHR_shader_subgroup_arithmetic|GL_KHR_shader_subgroup_ballot|GL_KHR_shader_subgroup_shuffle|GL_KHR_shader_subgroup_shuffle_relative|GL_KHR_shader_subgroup_clustered|GL_KHR_shader_subgroup_quad|GL_KHR_shader_subgroup_rotate|GL_NV_shader_subgroup_partitioned
in mediump volatile uint gl_SubgroupSize;
in mediump volatile uint gl_SubgroupInvocationID;

@ stage comp|task|mesh ext GL_KHR_shader_subgroup_basic|GL_KHR_shader_subgroup_vote|GL_KHR_shader_subgroup_arithmetic|GL_KHR_shader_subgroup_ballot|GL_KHR_shader_subgroup_shuffle|GL_KHR_shader_subgroup_shuffle_relative|GL_KHR_shader_subgroup_clustered|GL_KHR_shader_subgroup_quad|GL_KHR_shader_subgroup_rotate|GL_NV_shader_subgroup_partitioned
in highp uint gl_NumSubgroups;
in highp uint gl_SubgroupID;

@ stage vert|tesc|tese|geom|comp|task|mesh|rahit ext GL_KHR_shader_subgroup_ballot
in highp uvec4 gl_SubgroupEqMask;
in highp uvec4 gl_SubgroupGeMask;
in highp uvec4 gl_SubgroupGtMask;
in highp uvec4 gl_SubgroupLeMask;
in highp uvec4 gl_SubgroupLtMask;

@ stage frag ext GL_KHR_shader_subgroup_ballot
flat in highp uvec4 gl_SubgroupEqMask;
flat in highp uvec4 gl_SubgroupGeMask;
flat in highp uvec4 gl_SubgroupGtMask;
flat in highp uvec4 gl_SubgroupLeMask;
flat in highp uvec4 gl_SubgroupLtMask;

@ stage rgen|rint|rchit|rmiss|rcall ext GL_KHR_shader_subgroup_ballot
in highp volatile uvec4 gl_SubgroupEqMask;
in highp volatile uvec4 gl_SubgroupGeMask;
in highp volatile uvec4 gl_SubgroupGtMask;
in highp volatile uvec4 gl_SubgroupLeMask;
in highp volatile uvec4 gl_SubgroupLtMask;

// GL_ARB_shader_ballot: gl_SubGroupSizeARB is a uniform, except for Vulkan (an input).
@ stage vert|tesc|tese|geom|comp|task|mesh|rahit ext GL_ARB_shader_ballot
in uint gl_SubGroupInvocationARB;
in uint64_t gl_SubGroupEqMaskARB;
in uint64_t gl_SubGroupGeMaskARB;
in uint64_t gl_SubGroupGtMaskARB;
in uint64_t gl_SubGroupLeMaskARB;
in uint64_t gl_SubGroupLtMaskARB;

@ stage frag ext GL_ARB_shader_ballot
flat in uint gl_SubGroupInvocationARB;
flat in uint64_t gl_SubGroupEqMaskARB;
flat in uint64_t gl_SubGroupGeMaskARB;
flat in uint64_t gl_SubGroupGtMaskARB;
flat in uint64_t gl_SubGroupLeMaskARB;
flat in uint64_t gl_SubGroupLtMaskARB;

@ stage rgen|rint|rchit|rmiss|rcall ext GL_ARB_shader_ballot
in volatile uint gl_SubGroupSizeARB;
in volatile uint gl_SubGroupInvocationARB;
in volatile uint64_t gl_SubGroupEqMaskARB;
in volatile uint64_t gl_SubGroupGeMaskARB;
in volatile uint64_t gl_SubGroupGtMaskARB;
in volatile uint64_t gl_SubGroupLeMaskARB;
in volatile uint64_t gl_SubGroupLtMaskARB;

@ stage vert|tesc|tese|geom|frag|comp|task|mesh|rahit novulkan ext GL_ARB_shader_ballot
uniform uint gl_SubGroupSizeARB;

@ stage vert|tesc|tese|geom|comp|task|mesh|rahit vulkan ext GL_ARB_shader_ballot
in uint gl_SubGroupSizeARB;

@ stage frag vulkan ext GL_ARB_shader_ballot
flat in uint gl_SubGroupSizeARB;

// GL_AMD_gcn_shader
@ ext GL_AMD_gcn_shader
in int gl_SIMDGroupSizeAMD;

// GL_NV_shader_sm_builtins
@ stage vert|tesc|tese|geom|comp|task|mesh|rahit ext GL_NV_shader_sm_builtins
in highp uint gl_WarpsPerSMNV;
in highp uint gl_SMCountNV;
in highp uint gl_WarpIDNV;
in highp uint gl_SMIDNV;

@ stage frag ext GL_NV_shader_sm_builtins
flat in highp uint gl_WarpsPerSMNV;
flat in highp uint gl_SMCountNV;
flat in highp uint gl_WarpIDNV;
flat in highp uint gl_SMIDNV;

@ stage rgen|rint|rchit|rmiss|rcall ext GL_NV_shader_sm_builtins
in highp uint gl_WarpsPerSMNV;
in highp uint gl_SMCountNV;
in highp volatile uint gl_WarpIDNV;
in highp volatile uint gl_SMIDNV;

// GL_ARM_shader_core_builtins
@ stage vert|tesc|tese|geom|comp|task|mesh|rgen|rint|rahit|rchit|rmiss|rcall ext GL_ARM_shader_core_builtins
in highp uint gl_CoreIDARM;
in highp uint gl_CoreCountARM;
in highp uint gl_CoreMaxIDARM;
in highp uint gl_WarpIDARM;
in highp uint gl_WarpMaxIDARM;

@ stage frag ext GL_ARM_shader_core_builtins
flat in highp uint gl_CoreIDARM;
flat in highp uint gl_CoreCountARM;
flat in highp uint gl_CoreMaxIDARM;
flat in highp uint gl_WarpIDARM;
flat in highp uint gl_WarpMaxIDARM;

// GL_ARB_shader_draw_parameters and GLSL 4.60
@ stage vert ext GL_ARB_shader_draw_parameters
in int gl_BaseVertexARB;
in int gl_BaseInstanceARB;

@ stage vert|task|mesh ext GL_ARB_shader_draw_parameters
in int gl_DrawIDARB;

@ gl 460 stage vert
in int gl_BaseVertex;
in int gl_BaseInstance;

@ gl 460 stage vert|task|mesh
in int gl_DrawID;

// Layer and viewport outputs from the vertex and tessellation stages.
@ stage vert|tesc|tese ext GL_ARB_shader_viewport_layer_array|GL_NV_viewport_array2|GL_AMD_vertex_shader_layer
out highp int gl_Layer;

@ stage vert|tesc|tese ext GL_ARB_shader_viewport_layer_array|GL_NV_viewport_array2|GL_AMD_vertex_shader_viewport_index
out highp int gl_ViewportIndex;

// Outputs of the last pre-rasterization stages (in tessellation control shaders they are
// members of gl_out[] from GLSL 4.50 on; gl_ViewportMask is also a standalone output there, as
// Mesa has it for older versions).
@ stage vert|tesc|tese|geom ext GL_NV_viewport_array2
out highp int gl_ViewportMask[];

@ stage vert|tese|geom ext GL_NV_stereo_view_rendering
out highp vec4 gl_SecondaryPositionNV;
out highp int gl_SecondaryViewportMaskNV[];

@ stage vert|tese|geom ext GL_NVX_multiview_per_view_attributes
out highp vec4 gl_PositionPerViewNV[];
out highp int gl_ViewportMaskPerViewNV[];

@ stage vert|geom ext GL_EXT_fragment_shading_rate
out highp int gl_PrimitiveShadingRateEXT;

// =============================================================================================
// Vertex shader
// =============================================================================================

@ gl 130 es 300 novulkan ext GL_EXT_gpu_shader4 stage vert
in highp int gl_VertexID;

@ gl 140 es 300 novulkan ext GL_ARB_draw_instanced|GL_EXT_draw_instanced|GL_EXT_gpu_shader4 stage vert
in highp int gl_InstanceID;

@ novulkan stage vert ext GL_ARB_draw_instanced
in highp int gl_InstanceIDARB;

@ novulkan stage vert ext GL_EXT_draw_instanced
in highp int gl_InstanceIDEXT;

@ gl 140 es 300 vulkan stage vert
in highp int gl_VertexIndex;
in highp int gl_InstanceIndex;

// Compatibility-profile vertex attributes.
@ gl 110-130 compat novulkan ext GL_ARB_compatibility stage vert
in vec4 gl_Color;
in vec4 gl_SecondaryColor;
in vec3 gl_Normal;
in vec4 gl_Vertex;
in vec4 gl_MultiTexCoord0;
in vec4 gl_MultiTexCoord1;
in vec4 gl_MultiTexCoord2;
in vec4 gl_MultiTexCoord3;
in vec4 gl_MultiTexCoord4;
in vec4 gl_MultiTexCoord5;
in vec4 gl_MultiTexCoord6;
in vec4 gl_MultiTexCoord7;
in float gl_FogCoord;

// Outputs before the gl_PerVertex block (desktop 1.10-1.40, ES 1.00 and 3.00).
@ es 100-100 stage vert
out highp vec4 gl_Position;
out mediump float gl_PointSize;

@ gl 110-140 es 300-300 stage vert
out highp vec4 gl_Position;
out highp float gl_PointSize;

@ gl 130-140 stage vert
out float gl_ClipDistance[];

// GL_ARB_cull_distance (GLSL 1.30 on): gl_CullDistance beside gl_ClipDistance before 1.50, a
// member of the gl_PerVertex blocks (marked `@requires GL_ARB_cull_distance`) from 1.50 to
// 4.40.
@ gl 130-140 requires GL_ARB_cull_distance stage vert
out float gl_CullDistance[];

// GL_EXT_clip_cull_distance (GLSL ES 3.00 on): in GLSL ES 3.00 the distances are outputs of
// their own; from 3.10 they are members of the gl_PerVertex blocks (the members marked
// `@requires GL_EXT_clip_cull_distance`, in every stage that has the blocks).
@ es 300-300 requires GL_EXT_clip_cull_distance stage vert
out highp float gl_ClipDistance[];
out highp float gl_CullDistance[];

@ gl 110-140 novulkan stage vert
out vec4 gl_ClipVertex;
out vec4 gl_FrontColor;
out vec4 gl_BackColor;
out vec4 gl_FrontSecondaryColor;
out vec4 gl_BackSecondaryColor;
out vec4 gl_TexCoord[];
out float gl_FogFragCoord;

// The gl_PerVertex output block of the vertex, tessellation evaluation and geometry stages
// (the tessellation control stage writes gl_out[], below).
@ gl 150-440 novulkan stage vert|tese|geom
out gl_PerVertex {
    vec4 gl_Position;
    float gl_PointSize;
    float gl_ClipDistance[];
    float gl_CullDistance[]; @requires GL_ARB_cull_distance
    vec4 gl_ClipVertex;
    vec4 gl_FrontColor;
    vec4 gl_BackColor;
    vec4 gl_FrontSecondaryColor;
    vec4 gl_BackSecondaryColor;
    vec4 gl_TexCoord[];
    float gl_FogFragCoord;
};

@ gl 450 novulkan stage vert|tese|geom
out gl_PerVertex {
    vec4 gl_Position;
    float gl_PointSize;
    float gl_ClipDistance[];
    vec4 gl_ClipVertex;
    vec4 gl_FrontColor;
    vec4 gl_BackColor;
    vec4 gl_FrontSecondaryColor;
    vec4 gl_BackSecondaryColor;
    vec4 gl_TexCoord[];
    float gl_FogFragCoord;
    float gl_CullDistance[];
};

@ gl 150-440 vulkan stage vert|tese|geom
out gl_PerVertex {
    vec4 gl_Position;
    float gl_PointSize;
    float gl_ClipDistance[];
    float gl_CullDistance[]; @requires GL_ARB_cull_distance
};

@ gl 450 vulkan stage vert|tese|geom
out gl_PerVertex {
    vec4 gl_Position;
    float gl_PointSize;
    float gl_ClipDistance[];
    float gl_CullDistance[];
};

@ es 310 stage vert|tese|geom
out gl_PerVertex {
    highp vec4 gl_Position;
    highp float gl_PointSize;
    highp float gl_ClipDistance[]; @requires GL_EXT_clip_cull_distance
    highp float gl_CullDistance[]; @requires GL_EXT_clip_cull_distance
};

// =============================================================================================
// Tessellation control and evaluation shaders
// =============================================================================================

@ gl 150 es 310 stage tesc|tese
in highp int gl_PatchVerticesIn;
in highp int gl_PrimitiveID;

// gl_in[]: the previous stage's per-vertex outputs.
@ gl 150-440 novulkan stage tesc|tese
in gl_PerVertex {
    vec4 gl_Position;
    float gl_PointSize;
    float gl_ClipDistance[];
    float gl_CullDistance[]; @requires GL_ARB_cull_distance
    vec4 gl_ClipVertex;
    vec4 gl_FrontColor;
    vec4 gl_BackColor;
    vec4 gl_FrontSecondaryColor;
    vec4 gl_BackSecondaryColor;
    vec4 gl_TexCoord[];
    float gl_FogFragCoord;
} gl_in[gl_MaxPatchVertices];

@ gl 450 novulkan stage tesc|tese
in gl_PerVertex {
    vec4 gl_Position;
    float gl_PointSize;
    float gl_ClipDistance[];
    vec4 gl_ClipVertex;
    vec4 gl_FrontColor;
    vec4 gl_BackColor;
    vec4 gl_FrontSecondaryColor;
    vec4 gl_BackSecondaryColor;
    vec4 gl_TexCoord[];
    float gl_FogFragCoord;
    float gl_CullDistance[];
    vec4 gl_SecondaryPositionNV;
    vec4 gl_PositionPerViewNV[];
} gl_in[gl_MaxPatchVertices];

@ gl 150-440 vulkan stage tesc|tese
in gl_PerVertex {
    vec4 gl_Position;
    float gl_PointSize;
    float gl_ClipDistance[];
    float gl_CullDistance[]; @requires GL_ARB_cull_distance
} gl_in[gl_MaxPatchVertices];

@ gl 450 vulkan stage tesc|tese
in gl_PerVertex {
    vec4 gl_Position;
    float gl_PointSize;
    float gl_ClipDistance[];
    float gl_CullDistance[];
    vec4 gl_SecondaryPositionNV;
    vec4 gl_PositionPerViewNV[];
} gl_in[gl_MaxPatchVertices];

@ es 310 stage tesc|tese
in gl_PerVertex {
    highp vec4 gl_Position;
    highp float gl_PointSize;
    highp float gl_ClipDistance[]; @requires GL_EXT_clip_cull_distance
    highp float gl_CullDistance[]; @requires GL_EXT_clip_cull_distance
    highp vec4 gl_SecondaryPositionNV;
    highp vec4 gl_PositionPerViewNV[];
} gl_in[gl_MaxPatchVertices];

// Tessellation control shader.
@ gl 150 es 310 stage tesc
in highp int gl_InvocationID;
patch out highp float gl_TessLevelOuter[4];
patch out highp float gl_TessLevelInner[2];

@ gl 150-440 novulkan stage tesc
out gl_PerVertex {
    vec4 gl_Position;
    float gl_PointSize;
    float gl_ClipDistance[];
    float gl_CullDistance[]; @requires GL_ARB_cull_distance
    vec4 gl_ClipVertex;
    vec4 gl_FrontColor;
    vec4 gl_BackColor;
    vec4 gl_FrontSecondaryColor;
    vec4 gl_BackSecondaryColor;
    vec4 gl_TexCoord[];
    float gl_FogFragCoord;
} gl_out[];

@ gl 450 novulkan stage tesc
out gl_PerVertex {
    vec4 gl_Position;
    float gl_PointSize;
    float gl_ClipDistance[];
    vec4 gl_ClipVertex;
    vec4 gl_FrontColor;
    vec4 gl_BackColor;
    vec4 gl_FrontSecondaryColor;
    vec4 gl_BackSecondaryColor;
    vec4 gl_TexCoord[];
    float gl_FogFragCoord;
    float gl_CullDistance[];
    int gl_ViewportMask[];
    vec4 gl_SecondaryPositionNV;
    int gl_SecondaryViewportMaskNV[];
    vec4 gl_PositionPerViewNV[];
    int gl_ViewportMaskPerViewNV[];
} gl_out[];

@ gl 150-440 vulkan stage tesc
out gl_PerVertex {
    vec4 gl_Position;
    float gl_PointSize;
    float gl_ClipDistance[];
    float gl_CullDistance[]; @requires GL_ARB_cull_distance
} gl_out[];

@ gl 450 vulkan stage tesc
out gl_PerVertex {
    vec4 gl_Position;
    float gl_PointSize;
    float gl_ClipDistance[];
    float gl_CullDistance[];
    int gl_ViewportMask[];
    vec4 gl_SecondaryPositionNV;
    int gl_SecondaryViewportMaskNV[];
    vec4 gl_PositionPerViewNV[];
    int gl_ViewportMaskPerViewNV[];
} gl_out[];

@ es 310 stage tesc
out gl_PerVertex {
    highp vec4 gl_Position;
    highp float gl_PointSize;
    highp float gl_ClipDistance[]; @requires GL_EXT_clip_cull_distance
    highp float gl_CullDistance[]; @requires GL_EXT_clip_cull_distance
} gl_out[];

// The suffixed names stay in GLSL ES 3.20, which made the extension core (glslang does the
// same; dEQP's ES 3.2 extension-pack cases use gl_BoundingBoxEXT without a directive).
@ es 320 stage tesc ext GL_OES_primitive_bounding_box
patch out highp vec4 gl_BoundingBoxOES[2];

@ es 320 stage tesc ext GL_EXT_primitive_bounding_box|GL_ANDROID_extension_pack_es31a
patch out highp vec4 gl_BoundingBoxEXT[2];

@ es 320 stage tesc
patch out highp vec4 gl_BoundingBox[2];

// Tessellation evaluation shader.
@ gl 150 es 310 stage tese
in highp vec3 gl_TessCoord;
patch in highp float gl_TessLevelOuter[4];
patch in highp float gl_TessLevelInner[2];

// =============================================================================================
// Geometry shader
// =============================================================================================

@ gl 150-440 novulkan stage geom
in gl_PerVertex {
    vec4 gl_Position;
    float gl_PointSize;
    float gl_ClipDistance[];
    float gl_CullDistance[]; @requires GL_ARB_cull_distance
    vec4 gl_ClipVertex;
    vec4 gl_FrontColor;
    vec4 gl_BackColor;
    vec4 gl_FrontSecondaryColor;
    vec4 gl_BackSecondaryColor;
    vec4 gl_TexCoord[];
    float gl_FogFragCoord;
} gl_in[];

@ gl 450 novulkan stage geom
in gl_PerVertex {
    vec4 gl_Position;
    float gl_PointSize;
    float gl_ClipDistance[];
    vec4 gl_ClipVertex;
    vec4 gl_FrontColor;
    vec4 gl_BackColor;
    vec4 gl_FrontSecondaryColor;
    vec4 gl_BackSecondaryColor;
    vec4 gl_TexCoord[];
    float gl_FogFragCoord;
    float gl_CullDistance[];
    vec4 gl_SecondaryPositionNV;
    vec4 gl_PositionPerViewNV[];
} gl_in[];

@ gl 150-440 vulkan stage geom
in gl_PerVertex {
    vec4 gl_Position;
    float gl_PointSize;
    float gl_ClipDistance[];
    float gl_CullDistance[]; @requires GL_ARB_cull_distance
} gl_in[];

@ gl 450 vulkan stage geom
in gl_PerVertex {
    vec4 gl_Position;
    float gl_PointSize;
    float gl_ClipDistance[];
    float gl_CullDistance[];
    vec4 gl_SecondaryPositionNV;
    vec4 gl_PositionPerViewNV[];
} gl_in[];

@ es 310 stage geom
in gl_PerVertex {
    highp vec4 gl_Position;
    highp float gl_PointSize;
    highp float gl_ClipDistance[]; @requires GL_EXT_clip_cull_distance
    highp float gl_CullDistance[]; @requires GL_EXT_clip_cull_distance
} gl_in[];

@ gl 150 es 310 stage geom
in highp int gl_PrimitiveIDIn;
out highp int gl_PrimitiveID;
out highp int gl_Layer;

@ gl 400 es 310 ext GL_ARB_gpu_shader5 stage geom
in highp int gl_InvocationID;

@ gl 410 ext GL_ARB_viewport_array|GL_OES_viewport_array stage geom
out highp int gl_ViewportIndex;

// Geometry shaders before GLSL 1.50 (GL_ARB_geometry_shader4 / GL_EXT_geometry_shader4): the
// inputs are arrays named `...In`, one element per input vertex, and the outputs are the
// vertex shader's. The input primitive is an API setting under these extensions
// (`glProgramParameteri`), unknown when a shader is compiled on its own, while
// `gl_VerticesIn` is a constant expression (array sizes, texel offsets): it takes the largest
// input primitive's vertex count, 6 (triangles with adjacency), as do the `...In` arrays.
@ gl 110-140 requires GL_ARB_geometry_shader4|GL_EXT_geometry_shader4 stage geom
const int gl_VerticesIn = 6;
in int gl_PrimitiveIDIn;
in vec4 gl_PositionIn[gl_VerticesIn];
in float gl_PointSizeIn[gl_VerticesIn];
out vec4 gl_Position;
out float gl_PointSize;
out int gl_PrimitiveID;
out int gl_Layer;

@ gl 130-140 requires GL_ARB_geometry_shader4|GL_EXT_geometry_shader4 stage geom
out float gl_ClipDistance[];

@ gl 110-130 novulkan requires GL_ARB_geometry_shader4|GL_EXT_geometry_shader4 stage geom
in vec4 gl_ClipVertexIn[gl_VerticesIn];
in vec4 gl_FrontColorIn[gl_VerticesIn];
in vec4 gl_BackColorIn[gl_VerticesIn];
in vec4 gl_FrontSecondaryColorIn[gl_VerticesIn];
in vec4 gl_BackSecondaryColorIn[gl_VerticesIn];
in vec4 gl_TexCoordIn[gl_VerticesIn][gl_MaxTextureCoords];
in float gl_FogFragCoordIn[gl_VerticesIn];
out vec4 gl_ClipVertex;
out vec4 gl_FrontColor;
out vec4 gl_BackColor;
out vec4 gl_FrontSecondaryColor;
out vec4 gl_BackSecondaryColor;
out vec4 gl_TexCoord[];
out float gl_FogFragCoord;

// =============================================================================================
// Fragment shader
// =============================================================================================

@ es 100-100 stage frag
in mediump vec4 gl_FragCoord;
in bool gl_FrontFacing;

@ gl 110 es 300 stage frag
in highp vec4 gl_FragCoord;
in bool gl_FrontFacing;
out highp float gl_FragDepth;

@ gl 120 es 100 stage frag
in mediump vec2 gl_PointCoord;

// Deprecated in 1.30; compatibility profile only from 4.20; removed from ES 3.00.
@ gl 110-410 es 100-100 compat ext GL_ARB_compatibility stage frag
out mediump vec4 gl_FragColor;
out mediump vec4 gl_FragData[gl_MaxDrawBuffers];

// Compatibility-profile inputs: variables through 1.40, the gl_PerFragment block after (used
// only in the compatibility profile or with GL_ARB_compatibility; see the conventions above).
@ gl 110-140 novulkan stage frag
in vec4 gl_Color;
in vec4 gl_SecondaryColor;
in vec4 gl_TexCoord[];
in float gl_FogFragCoord;

@ gl 150 novulkan stage frag
in gl_PerFragment {
    float gl_FogFragCoord;
    vec4 gl_TexCoord[];
    vec4 gl_Color;
    vec4 gl_SecondaryColor;
};

@ gl 130 ext GL_EXT_clip_cull_distance stage frag
in highp float gl_ClipDistance[];

@ gl 450 ext GL_ARB_cull_distance|GL_EXT_clip_cull_distance stage frag
in highp float gl_CullDistance[];

@ gl 150 es 320 ext GL_EXT_geometry_shader|GL_OES_geometry_shader|GL_ANDROID_extension_pack_es31a|GL_EXT_gpu_shader4 stage frag
flat in highp int gl_PrimitiveID;

@ gl 430 es 320 ext GL_ARB_fragment_layer_viewport|GL_EXT_geometry_shader|GL_OES_geometry_shader|GL_ANDROID_extension_pack_es31a stage frag
flat in highp int gl_Layer;

@ gl 430 ext GL_ARB_fragment_layer_viewport|GL_OES_viewport_array stage frag
flat in highp int gl_ViewportIndex;

@ gl 450 es 310 ext GL_ARB_ES3_1_compatibility stage frag
in bool gl_HelperInvocation;

// Sample shading.
@ gl 400 es 320 ext GL_ARB_sample_shading|GL_OES_sample_variables|GL_ANDROID_extension_pack_es31a stage frag
flat in lowp int gl_SampleID;
in mediump vec2 gl_SamplePosition;
out highp int gl_SampleMask[];

@ gl 400 es 320 ext GL_OES_sample_variables|GL_ARB_gpu_shader5|GL_ANDROID_extension_pack_es31a stage frag
// Its size is ceil(gl_MaxSamples / 32) (GLSL "Built-In Variables"): 1 for the gl_MaxSamples
// above; so it may be indexed with any expression.
flat in highp int gl_SampleMaskIn[1];

@ gl 400 es 320 novulkan ext GL_ARB_sample_shading|GL_OES_sample_variables|GL_ANDROID_extension_pack_es31a stage frag
uniform lowp int gl_NumSamples;

// Fragment extensions.
@ stage frag ext GL_EXT_frag_depth
out highp float gl_FragDepthEXT;

@ stage frag ext GL_ARB_shader_stencil_export
out int gl_FragStencilRefARB;

@ stage frag ext GL_EXT_blend_func_extended
out mediump vec4 gl_SecondaryFragColorEXT;
out mediump vec4 gl_SecondaryFragDataEXT[gl_MaxDualSourceDrawBuffersEXT];

@ stage frag ext GL_EXT_shader_framebuffer_fetch|GL_EXT_shader_framebuffer_fetch_non_coherent
in mediump vec4 gl_LastFragData[gl_MaxDrawBuffers];

@ stage frag ext GL_ARM_shader_framebuffer_fetch_depth_stencil
in highp float gl_LastFragDepthARM;
in lowp int gl_LastFragStencilARM;

@ stage frag ext GL_AMD_shader_explicit_vertex_parameter
in vec2 gl_BaryCoordNoPerspAMD;
in vec2 gl_BaryCoordNoPerspCentroidAMD;
in vec2 gl_BaryCoordNoPerspSampleAMD;
in vec2 gl_BaryCoordSmoothAMD;
in vec2 gl_BaryCoordSmoothCentroidAMD;
in vec2 gl_BaryCoordSmoothSampleAMD;
in vec3 gl_BaryCoordPullModelAMD;

@ stage frag ext GL_NV_conservative_raster_underestimation
in bool gl_FragFullyCoveredNV;

@ stage frag ext GL_NV_shading_rate_image
flat in ivec2 gl_FragmentSizeNV;
flat in int gl_InvocationsPerPixelNV;

@ stage frag ext GL_NV_fragment_shader_barycentric
in vec3 gl_BaryCoordNV;
in vec3 gl_BaryCoordNoPerspNV;

@ stage frag ext GL_EXT_fragment_shader_barycentric
in vec3 gl_BaryCoordEXT;
in vec3 gl_BaryCoordNoPerspEXT;

@ stage frag ext GL_EXT_fragment_invocation_density
flat in ivec2 gl_FragSizeEXT;
flat in int gl_FragInvocationCountEXT;

@ stage frag ext GL_EXT_fragment_shading_rate
flat in highp int gl_ShadingRateEXT;

@ stage frag|comp ext GL_QCOM_tile_shading
in highp uvec2 gl_TileOffsetQCOM;
in highp uvec3 gl_TileDimensionQCOM;
in highp uvec2 gl_TileApronSizeQCOM;

// =============================================================================================
// Compute shader
// =============================================================================================

@ gl 430 es 310 ext GL_ARB_compute_shader stage comp
in highp uvec3 gl_NumWorkGroups;
const highp uvec3 gl_WorkGroupSize = uvec3(1, 1, 1);
in highp uvec3 gl_WorkGroupID;
in highp uvec3 gl_LocalInvocationID;
in highp uvec3 gl_GlobalInvocationID;
in highp uint gl_LocalInvocationIndex;

@ stage comp ext GL_ARB_compute_variable_group_size
in highp uvec3 gl_LocalGroupSizeARB;

// =============================================================================================
// Task and mesh shaders (GL_NV_mesh_shader, GL_EXT_mesh_shader)
// =============================================================================================

@ stage task|mesh ext GL_NV_mesh_shader|GL_EXT_mesh_shader
const highp uvec3 gl_WorkGroupSize = uvec3(1, 1, 1);
in highp uvec3 gl_WorkGroupID;
in highp uvec3 gl_LocalInvocationID;
in highp uvec3 gl_GlobalInvocationID;
in highp uint gl_LocalInvocationIndex;

@ stage task|mesh ext GL_EXT_mesh_shader
in highp uvec3 gl_NumWorkGroups;

@ stage task|mesh ext GL_NV_mesh_shader
in uint gl_MeshViewCountNV;
in uint gl_MeshViewIndicesNV[4];

@ stage task ext GL_NV_mesh_shader
out uint gl_TaskCountNV;

@ stage mesh ext GL_NV_mesh_shader
out uint gl_PrimitiveCountNV;
out uint gl_PrimitiveIndicesNV[];

@ stage mesh ext GL_NV_mesh_shader
out gl_MeshPerVertexNV {
    vec4 gl_Position;
    float gl_PointSize;
    float gl_ClipDistance[];
    float gl_CullDistance[];
    perviewNV vec4 gl_PositionPerViewNV[];
    perviewNV float gl_ClipDistancePerViewNV[][];
    perviewNV float gl_CullDistancePerViewNV[][];
} gl_MeshVerticesNV[];

@ stage mesh ext GL_NV_mesh_shader
perprimitiveNV out gl_MeshPerPrimitiveNV {
    int gl_PrimitiveID;
    int gl_Layer;
    int gl_ViewportIndex;
    int gl_ViewportMask[];
    perviewNV int gl_LayerPerViewNV[];
    perviewNV int gl_ViewportMaskPerViewNV[][];
} gl_MeshPrimitivesNV[];

@ stage mesh ext GL_EXT_mesh_shader
out uint gl_PrimitivePointIndicesEXT[];
out uvec2 gl_PrimitiveLineIndicesEXT[];
out uvec3 gl_PrimitiveTriangleIndicesEXT[];

@ stage mesh ext GL_EXT_mesh_shader
out gl_MeshPerVertexEXT {
    vec4 gl_Position;
    float gl_PointSize;
    float gl_ClipDistance[];
    float gl_CullDistance[];
} gl_MeshVerticesEXT[];

@ stage mesh ext GL_EXT_mesh_shader
perprimitiveEXT out gl_MeshPerPrimitiveEXT {
    int gl_PrimitiveID;
    int gl_Layer;
    int gl_ViewportIndex;
    bool gl_CullPrimitiveEXT;
    int gl_PrimitiveShadingRateEXT;
} gl_MeshPrimitivesEXT[];

// =============================================================================================
// Ray tracing shaders (GL_NV_ray_tracing, GL_EXT_ray_tracing)
// =============================================================================================

@ stage rgen|rint|rahit|rchit|rmiss|rcall ext GL_NV_ray_tracing
in uvec3 gl_LaunchIDNV;
in uvec3 gl_LaunchSizeNV;

@ stage rgen|rint|rahit|rchit|rmiss|rcall ext GL_EXT_ray_tracing
in uvec3 gl_LaunchIDEXT;
in uvec3 gl_LaunchSizeEXT;

@ stage rint|rahit|rchit ext GL_NV_ray_tracing|GL_EXT_ray_tracing
in int gl_PrimitiveID;
in int gl_InstanceID;

@ stage rint|rahit|rchit ext GL_NV_ray_tracing
in int gl_InstanceCustomIndexNV;
in vec3 gl_ObjectRayOriginNV;
in vec3 gl_ObjectRayDirectionNV;
in mat4x3 gl_ObjectToWorldNV;
in mat4x3 gl_WorldToObjectNV;

@ stage rint|rahit|rchit ext GL_EXT_ray_tracing
in int gl_InstanceCustomIndexEXT;
in int gl_GeometryIndexEXT;
in vec3 gl_ObjectRayOriginEXT;
in vec3 gl_ObjectRayDirectionEXT;
in mat4x3 gl_ObjectToWorldEXT;
in mat3x4 gl_ObjectToWorld3x4EXT;
in mat4x3 gl_WorldToObjectEXT;
in mat3x4 gl_WorldToObject3x4EXT;

@ stage rint|rahit|rchit|rmiss ext GL_NV_ray_tracing
in vec3 gl_WorldRayOriginNV;
in vec3 gl_WorldRayDirectionNV;
in float gl_RayTminNV;
in float gl_RayTmaxNV;
in uint gl_IncomingRayFlagsNV;

@ stage rint|rahit|rchit|rmiss ext GL_EXT_ray_tracing
in vec3 gl_WorldRayOriginEXT;
in vec3 gl_WorldRayDirectionEXT;
in float gl_RayTminEXT;
in uint gl_IncomingRayFlagsEXT;

// reportIntersectionEXT can change gl_RayTmaxEXT during an intersection shader.
@ stage rint ext GL_EXT_ray_tracing
in volatile float gl_RayTmaxEXT;

@ stage rahit|rchit|rmiss ext GL_EXT_ray_tracing
in float gl_RayTmaxEXT;

@ stage rahit|rchit ext GL_NV_ray_tracing
in float gl_HitTNV;
in uint gl_HitKindNV;

@ stage rahit|rchit ext GL_EXT_ray_tracing
in float gl_HitTEXT;
in uint gl_HitKindEXT;

@ stage rint|rahit|rchit|rmiss ext GL_NV_ray_tracing_motion_blur
in float gl_CurrentRayTimeNV;

@ stage rint|rahit|rchit|rmiss ext GL_EXT_ray_cull_mask
in uint gl_CullMaskEXT;

@ stage rahit|rchit ext GL_EXT_ray_tracing_position_fetch
in vec3 gl_HitTriangleVertexPositionsEXT[3];

@ stage rahit|rchit ext GL_NV_displacement_micromap
in vec3 gl_HitMicroTriangleVertexPositionsNV[3];
in vec2 gl_HitMicroTriangleVertexBarycentricsNV[3];

@ stage rahit|rchit ext GL_NV_cluster_acceleration_structure
in int gl_ClusterIDNV;

@ stage rahit|rchit ext GL_NV_linear_swept_spheres
in vec3 gl_HitSpherePositionNV;
in float gl_HitSphereRadiusNV;
in vec3 gl_HitLSSPositionsNV[2];
in float gl_HitLSSRadiiNV[2];
in bool gl_HitIsSphereNV;
in bool gl_HitIsLSSNV;
