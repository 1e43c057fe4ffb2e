#version 460
#extension GL_EXT_ray_tracing : require
// Closest hit: incoming payload, hit attributes, the hit's built-ins, a nested trace.
layout(binding = 0, set = 0) uniform accelerationStructureEXT topLevel;
layout(location = 0) rayPayloadInEXT vec4 payload;
layout(location = 1) rayPayloadEXT float shadow;
hitAttributeEXT vec2 bary;

void main()
{
    vec3 b = vec3(1.0 - bary.x - bary.y, bary);
    vec3 hit = gl_WorldRayOriginEXT + gl_WorldRayDirectionEXT * gl_HitTEXT;
    vec3 n = gl_ObjectToWorldEXT * vec4(b, 0.0);
    float id = float(gl_InstanceID + gl_PrimitiveID + gl_InstanceCustomIndexEXT)
        + float(gl_GeometryIndexEXT) + float(gl_HitKindEXT);
    shadow = 1.0;
    if (gl_RayTmaxEXT > gl_RayTminEXT)
        traceRayEXT(topLevel, gl_RayFlagsTerminateOnFirstHitEXT, 0xffu, 0u, 1u, 1u, hit, 0.01,
                    normalize(n), 10.0, 1);
    payload = vec4(b * shadow, id) + vec4(gl_ObjectRayOriginEXT, float(gl_IncomingRayFlagsEXT));
    // The transposed matrices: columns and elements, a dynamic index.
    int k = int(gl_HitKindEXT & 3u);
    payload += gl_ObjectToWorld3x4EXT[2] + vec4(gl_WorldToObject3x4EXT[k][1]);
}
