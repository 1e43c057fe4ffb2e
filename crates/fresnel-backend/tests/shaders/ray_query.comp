#version 460
#extension GL_EXT_ray_query : require
// Ray queries in a compute shader: initialize, proceed with candidate handling, committed
// values, terminate.
layout(local_size_x = 8) in;
layout(binding = 0, set = 0) uniform accelerationStructureEXT topLevel;
layout(binding = 1, set = 0) buffer Out { vec4 results[]; };

void main()
{
    rayQueryEXT rq;
    vec3 origin = vec3(float(gl_GlobalInvocationID.x), 0.0, -1.0);
    rayQueryInitializeEXT(rq, topLevel, gl_RayFlagsNoneEXT, 0xffu, origin, 0.0,
                          vec3(0.0, 0.0, 1.0), 100.0);
    while (rayQueryProceedEXT(rq)) {
        uint type = rayQueryGetIntersectionTypeEXT(rq, false);
        if (type == gl_RayQueryCandidateIntersectionTriangleEXT)
            rayQueryConfirmIntersectionEXT(rq);
        else if (rayQueryGetIntersectionCandidateAABBOpaqueEXT(rq))
            rayQueryGenerateIntersectionEXT(rq, rayQueryGetRayTMinEXT(rq));
        else
            rayQueryTerminateEXT(rq);
    }
    vec4 r = vec4(0.0);
    if (rayQueryGetIntersectionTypeEXT(rq, true) != gl_RayQueryCommittedIntersectionNoneEXT) {
        vec2 b = rayQueryGetIntersectionBarycentricsEXT(rq, true);
        mat4x3 m = rayQueryGetIntersectionObjectToWorldEXT(rq, true);
        r = vec4(b, rayQueryGetIntersectionTEXT(rq, true), m[3].x);
        r.x += float(rayQueryGetIntersectionInstanceIdEXT(rq, true)
                     + rayQueryGetIntersectionPrimitiveIndexEXT(rq, true));
        r.y += rayQueryGetIntersectionFrontFaceEXT(rq, true) ? 1.0 : 0.0;
        r.z += float(rayQueryGetRayFlagsEXT(rq)) + rayQueryGetWorldRayOriginEXT(rq).x;
    }
    results[gl_GlobalInvocationID.x] = r;
}
