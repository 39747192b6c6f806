/**
 * EKS: its one gateway ({@link dev.skyscaler.aws.eks.EksGateway}, DescribeCluster and
 * DescribeNodegroup) and what it answers. Depends on {@code client}.
 */
package dev.skyscaler.aws.eks;
