#version 450
#extension GL_EXT_shader_atomic_float : require
#extension GL_EXT_shader_atomic_float2 : require
// Atomic float add, min and max on buffer, shared and image memory.
layout(local_size_x = 16) in;
layout(binding = 0) buffer B { float total; float lo; float hi; };
layout(binding = 1, r32f) uniform image2D img;
shared float acc;

void main()
{
    float x = float(gl_LocalInvocationIndex);
    if (gl_LocalInvocationIndex == 0u)
        acc = 0.0;
    barrier();
    atomicAdd(acc, x);
    barrier();
    if (gl_LocalInvocationIndex == 0u)
        atomicAdd(total, acc);
    atomicMin(lo, x);
    atomicMax(hi, x);
    imageAtomicAdd(img, ivec2(gl_LocalInvocationID.xy), x);
}
