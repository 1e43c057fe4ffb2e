#version 460
#extension GL_EXT_ray_tracing : require
// Miss: write the payload from the ray direction.
layout(location = 0) rayPayloadInEXT vec4 payload;

void main()
{
    payload = vec4(gl_WorldRayDirectionEXT * 0.5 + 0.5, 1.0);
}
